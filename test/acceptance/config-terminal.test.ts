import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_BIN, PROJECT_ROOT } from '../support/built-program.js';
import { isolatedConfigHome } from '../support/run-program.js';

/**
 * Drives a program on a real pseudo-terminal with python3's `pty` module: waits for a text,
 * types (or sends a signal: `!SIGTERM`), reads to the end, and reports everything the terminal showed, the exit code, and the
 * terminal's ECHO/ICANON flags before and after.
 */
const DRIVER = `
import base64, json, os, pty, select, signal, sys, termios, time
spec = json.loads(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    os.execvpe(spec['argv'][0], spec['argv'], spec['env'])
out = b''
def pump(until=None, timeout=10.0):
    global out
    deadline = time.time() + timeout
    while until is None or until.encode() not in out:
        left = deadline - time.time()
        if left <= 0: return False
        ready, _, _ = select.select([fd], [], [], left)
        if not ready: return False
        try: chunk = os.read(fd, 4096)
        except OSError: return True
        if not chunk: return True
        out += chunk
    return True
before = termios.tcgetattr(fd)[3]
for wait, send in spec['steps']:
    if wait is not None and not pump(wait):
        os.kill(pid, 9)
        print(json.dumps({'timeout': wait, 'output': base64.b64encode(out).decode()})); sys.exit(0)
    if send.startswith('!SIG'):
        os.kill(pid, getattr(signal, send[1:]))
    elif send:
        os.write(fd, send.encode('utf-8'))
    time.sleep(0.05)
pump(None, 15.0)
after = termios.tcgetattr(fd)[3]
_, status = os.waitpid(pid, 0)
print(json.dumps({'output': base64.b64encode(out).decode(), 'code': os.waitstatus_to_exitcode(status),
  'echoBefore': bool(before & termios.ECHO), 'echoAfter': bool(after & termios.ECHO), 'icanonAfter': bool(after & termios.ICANON)}))
`;

/** The real config code with an in-memory credential store (this build binds none). */
const HARNESS = join(PROJECT_ROOT, 'dist', 'test', 'support', 'config-harness.js');
const PROMPT = 'typing is hidden';
const KEY = 'sk-PTY-CANARY-0f9e';

interface TerminalRun {
  readonly shown: string;
  readonly code: number;
  readonly echoBefore: boolean;
  readonly echoAfter: boolean;
  readonly icanonAfter: boolean;
  /** `reference sha256` lines of what the harness's store holds at exit. */
  readonly stored: string;
  readonly home: string;
}

function onTerminal(program: string, args: readonly string[], steps: [string | null, string][]): TerminalRun {
  const base = isolatedConfigHome();
  const home = join(base, 'qiongli');
  const dump = join(base, 'store-dump');
  const driver = join(base, 'drive.py');
  writeFileSync(driver, DRIVER);
  const env = { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: home, QIONGLI_TEST_STORE_DUMP: dump, TERM: 'dumb' };
  const spec = JSON.stringify({ argv: [process.execPath, program, 'config', ...args], env, steps });
  const run = spawnSync('python3', [driver, spec], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, `python3 with its pty module must run this test: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { output: string; timeout?: string } & Omit<TerminalRun, 'shown' | 'stored' | 'home'>;
  const shown = Buffer.from(report.output, 'base64').toString('utf8');
  assert.equal(report.timeout, undefined, `waited in vain for ${report.timeout}; the terminal showed ${JSON.stringify(shown)}`);
  return { ...report, shown, stored: existsSync(dump) ? readFileSync(dump, 'utf8') : '', home };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('qiongli config set-key at a real terminal (docs/command-line.md#qiongli-config)', () => {
  it('reads the key without echoing it, stores exactly it, and gives the terminal back as it was', () => {
    const run = onTerminal(HARNESS, ['set-key', 's2'], [[PROMPT, `${KEY}\r`]]);
    assert.equal(run.code, 0, run.shown);
    assert.ok(!run.shown.includes(KEY) && !run.shown.includes('CANARY'), `the key was echoed: ${JSON.stringify(run.shown)}`);
    assert.match(run.shown, /Saved: the Semantic Scholar API key is in the credential store/);
    const [reference, digest] = run.stored.trim().split(' ');
    assert.equal(digest, sha256(KEY), 'the store holds exactly the typed key');
    assert.equal(JSON.parse(readFileSync(join(run.home, 'settings.json'), 'utf8')).providers.semantic_scholar.api_key_ref, reference);
    assert.deepEqual([run.echoBefore, run.echoAfter, run.icanonAfter], [true, true, true]);
  });

  it('takes Backspace as an edit, not as part of the key', () => {
    const run = onTerminal(HARNESS, ['set-key', 'pubmed'], [[PROMPT, `${KEY}xy\u007f\u007f\r`]]);
    assert.equal(run.code, 0, run.shown);
    assert.equal(run.stored.trim().split(' ')[1], sha256(KEY));
  });

  it('stops on Ctrl-C with nothing saved and the terminal restored', () => {
    const run = onTerminal(HARNESS, ['set-key', 'openalex'], [[PROMPT, 'sk-PTY-CANARY-half\u0003']]);
    assert.equal(run.code, 1);
    assert.match(run.shown, /error: cancelled; nothing was saved/);
    assert.ok(!run.shown.includes('CANARY'));
    assert.equal(run.stored, '');
    assert.equal(existsSync(join(run.home, 'settings.json')), false);
    assert.deepEqual([run.echoAfter, run.icanonAfter], [true, true]);
  });

  it('stops on SIGTERM or SIGHUP mid-prompt with nothing saved and the terminal restored', () => {
    for (const signal of ['!SIGTERM', '!SIGHUP']) {
      const run = onTerminal(
        HARNESS,
        ['set-key', 'openalex'],
        [
          [PROMPT, 'sk-PTY-CANARY-typed'],
          [null, signal],
        ],
      );
      assert.equal(run.code, 1, signal);
      assert.match(run.shown, /error: cancelled; nothing was saved/, signal);
      assert.equal(run.stored, '');
      assert.deepEqual([run.echoAfter, run.icanonAfter], [true, true], signal);
    }
  });

  it('refuses a pasted key holding a line break, and swallows the rest of the paste', () => {
    const run = onTerminal(HARNESS, ['set-key', 'openalex'], [[PROMPT, `${KEY}\rCANARY-second-line\r`]]);
    assert.equal(run.code, 1);
    assert.match(run.shown, /error: the key holds a line break; nothing was saved/);
    assert.ok(!run.shown.includes('CANARY'), 'neither part was echoed');
    assert.equal(run.stored, '');
    assert.deepEqual([run.echoAfter, run.icanonAfter], [true, true]);
  });

  it('the built program refuses before any prompt when no credential store is reachable, leaving the terminal untouched', () => {
    const run = onTerminal(BUILT_BIN, ['set-key', 'openalex'], []);
    assert.equal(run.code, 1);
    assert.equal(
      run.shown,
      'error: no credential store is reachable, so the key was not saved (Qiongli never keeps keys in a file); docs/configuration.md#no-credential-store says how to start or unlock one\r\n',
    );
    assert.deepEqual([run.echoBefore, run.echoAfter, run.icanonAfter], [true, true, true]);
  });
});
