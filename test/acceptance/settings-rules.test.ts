import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exchangeWith, isolatedConfigHome, runProgram, testEnv } from '../support/run-program.js';
import { initialize, request } from '../support/messages.js';
import { SETTINGS_RULE_REASONS } from '../../src/domain/shared/settings-rule-messages.js';
import type { SettingsRule } from '../../src/ports/config-source.port.js';

const VALID = { document_kind: 'qiongli-global-settings', schema_version: 1, revision: 1, providers: { arxiv: { enabled: true } } };
const CANARY = 'CANARY-rule-text-88';
const isRoot = process.getuid?.() === 0;

/** Each rule, and how to break it in a configuration root (returns the QIONGLI_CONFIG_HOME to use). */
const RULES: [SettingsRule, (home: string) => string][] = [
  ['relative-config-home', () => 'relative/qiongli'],
  ['not-utf8', (home) => write(home, Buffer.from([0x7b, 0xff, 0x7d]))],
  ['not-json', (home) => write(home, `{"document_kind": "${CANARY}",}`)],
  ['duplicate-key', (home) => write(home, '{"revision": 1, "revision": 2}')],
  ['unknown-key', (home) => write(home, JSON.stringify({ ...VALID, providers: { openalex: { enabled: true, api_key: CANARY } } }))],
  ['missing-key', (home) => write(home, JSON.stringify({ ...VALID, providers: { crossref: { email: 'a@b.org' } } }))],
  ['wrong-value', (home) => write(home, JSON.stringify({ ...VALID, revision: CANARY }))],
  ['too-large', (home) => write(home, JSON.stringify(VALID) + ' '.repeat(70_000))],
  [
    'symlink',
    (home) => {
      write(join(home, '..'), JSON.stringify(VALID), 'elsewhere.json');
      symlinkSync(join(home, '..', 'elsewhere.json'), join(home, 'settings.json'));
      return home;
    },
  ],
  ['not-regular-file', (home) => (mkdirSync(join(home, 'settings.json')), home)],
  [
    'not-a-folder',
    (home) => {
      rmSync(home, { recursive: true });
      writeFileSync(home, JSON.stringify(VALID));
      return home;
    },
  ],
  ['unsafe-permissions', (home) => (write(home, JSON.stringify(VALID)), chmodSync(join(home, 'settings.json'), 0o646), home)],
  [
    'unreadable',
    (home) => {
      write(home, JSON.stringify(VALID));
      if (isRoot) return join(home, 'settings.json', 'qiongli'); // root reads any mode: a path through a file stands in
      chmodSync(join(home, 'settings.json'), 0o000);
      return home;
    },
  ],
];

function write(home: string, content: string | Buffer, name = 'settings.json'): string {
  writeFileSync(join(home, name), content, { mode: 0o600 });
  return home;
}

describe('every settings rule has its own message (docs/configuration.md#when-the-settings-are-unavailable)', () => {
  const seen = new Map<string, SettingsRule>();
  for (const [rule, breakIt] of RULES) {
    it(`${rule}: tools 1, 5, 6 and 7 answer native-config-unavailable naming it; qiongli config check explains it and exits 1`, async () => {
      const base = isolatedConfigHome();
      const home = join(base, 'qiongli');
      mkdirSync(home, { mode: 0o700 });
      const env = testEnv({ QIONGLI_CONFIG_HOME: breakIt(home) });
      const calls = ['qiongli_config_status', 'qiongli_literature_status', 'qiongli_search_plan', 'qiongli_literature_search'];
      const { responses, run } = await exchangeWith(
        { env },
        initialize(1),
        ...calls.map((name, index) =>
          request(10 + index, 'tools/call', { name, arguments: name.endsWith('search') || name.endsWith('plan') ? { query: 'q' } : {} }),
        ),
      );
      const expected = `native provider configuration is unavailable: ${SETTINGS_RULE_REASONS[rule]}. Run 'qiongli config check' in a terminal to see what to fix.`;
      for (const [index, name] of calls.entries()) {
        const result = responses[index + 1].result;
        assert.equal(result.isError, true, name);
        assert.deepEqual(
          JSON.parse(result.content[0].text),
          { status: 'error', error_kind: 'tool_error', reason_code: 'native-config-unavailable', message: expected },
          name,
        );
      }
      const output = run.stdout.toString('utf8');
      assert.ok(!output.includes(base) && !output.includes(CANARY), 'no path and no text of the file');
      assert.equal(run.stderr, '');
      assert.ok(!seen.has(expected), `${rule} shares its message with ${seen.get(expected)}`);
      seen.set(expected, rule);

      const check = await runProgram({ args: ['config', 'check'], env });
      assert.equal(check.code, 1);
      const firstLine = check.stderr.split('\n')[0];
      assert.equal(
        firstLine,
        rule === 'relative-config-home' ? `error: ${SETTINGS_RULE_REASONS[rule]}` : `error: the settings are unusable: ${SETTINGS_RULE_REASONS[rule]}`,
      );
      assert.ok(!check.stderr.includes(CANARY), 'no value of the file is shown (an unknown key is named, never its value)');
      if (!isRoot && rule === 'unreadable') chmodSync(join(home, 'settings.json'), 0o600);
    });
  }
});
