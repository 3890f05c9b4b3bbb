import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '../../src/composition/main.js';
import { isolatedConfigHome } from '../support/run-program.js';

/** Runs `main` with a `qiongli config` command in this process, the settings under `home`. */
async function runMain(args: readonly string[], home: string) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const saved = process.env.QIONGLI_CONFIG_HOME;
  process.env.QIONGLI_CONFIG_HOME = home;
  try {
    const code = await new Promise<number>((resolve) => {
      main(['config', ...args], {
        stdin: endedStdin(),
        stdout: new PassThrough(),
        writeStdout: (text) => stdout.push(text),
        writeStderr: (text) => stderr.push(text),
        exit: resolve,
        onSignal: () => undefined,
        onUncaught: () => undefined,
      });
    });
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    if (saved === undefined) delete process.env.QIONGLI_CONFIG_HOME;
    else process.env.QIONGLI_CONFIG_HOME = saved;
  }
}

/** A stdin that has already ended (no command here reads it). */
function endedStdin(): PassThrough {
  const stream = new PassThrough();
  stream.end();
  return stream;
}

describe('main runs qiongli config (docs/command-line.md#qiongli-config)', () => {
  it('loads the config code on demand, runs the command on this process’s environment and exits with its code', async () => {
    const home = join(isolatedConfigHome(), 'qiongli');
    assert.deepEqual(await runMain(['check'], home), {
      code: 0,
      stdout: `No settings file at ${join(home, 'settings.json')}: the defaults apply.\nZotero delivery: off (delivery of found records to your Zotero desktop; qiongli config enable zotero switches it on).\n`,
      stderr: '',
    });
    assert.deepEqual(await runMain(['disable', 'pubmed'], home), { code: 0, stdout: 'PubMed is disabled (settings revision 1).\n', stderr: '' });
    assert.equal(JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')).providers.pubmed.enabled, false);
    const refused = await runMain(['set-key', 'pubmed'], home);
    assert.equal(refused.code, 1, 'this build binds no credential store');
    assert.match(refused.stderr, /^error: no credential store is reachable/);
  });
});
