import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { SettingsRule } from '../../src/ports/config-source.port.js';
import { configUnavailableMessage } from '../../src/domain/shared/settings-rule-messages.js';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configHomeWith, lines, parseLines, runProgram, testEnv } from '../support/run-program.js';
import { call, initialize, request, toolErrorOf } from '../support/messages.js';
import { SAMPLE_ARGUMENTS } from '../support/official-client.js';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';

const C = 'CANARYq7z';

/** Calls whose canary may never be echoed: unknown keys, refused values, secrets, paths. */
const CANARY_CALLS: [string, Record<string, unknown>][] = [
  ['qiongli_config_status', { cwd: `/home/${C}/project` }],
  ['qiongli_config_status', { [C]: C }],
  ['qiongli_save_provider_config', { provider: 'openalex', field: 'api_key', value: `sk-${C}` }],
  ['qiongli_save_provider_config', { provider: C, field: 'email', value: C }],
  ['qiongli_save_provider_config', { provider: 'crossref', field: C, value: C }],
  ['qiongli_configure_provider', { host: `${C}.example.org` }],
  ['qiongli_configure_provider', { provider: C }],
  ['qiongli_open_config_wizard', { host: C, port: C }],
  ['qiongli_literature_status', { cwd: `/srv/${C}` }],
  ['qiongli_search_plan', { query: 'q', platform: `!${C}` }],
  ['qiongli_search_plan', { query: 'q', cwd: `/tmp/${C}`, [C]: 1 }],
  ['qiongli_search_plan', { query: 'q', searchMode: C }],
  ['qiongli_literature_search', { query: 'q', providers: [C] }],
  ['qiongli_literature_search', { query: 'q', [C]: C }],
  [
    'qiongli_literature_export_evidence',
    { cwd: `/home/${C}`, results: [{ title: 't', api_key: C, nested: { sessionCookie: C, Authorization: `Bearer ${C}` } }] },
  ],
  ['qiongli_literature_export_evidence', { search_plan: { token: C }, provider_status: { openalex: { client_secret: C } } }],
  ['qiongli_zotero_status', { [C]: true }],
  ['qiongli_zotero_export_import_files', { records: [], formats: [C] }],
  ['qiongli_zotero_export_import_files', { records: [{ title: 't', [`${C}_token`]: C, password: C }] }],
  ['qiongli_orchestrator_route', { request: 'x', platform: C }],
  ['qiongli_task_plan', { task_id: 'a', paper_type: 'b', topic: 'c', [C]: C }],
];

const CONFIG_DEPENDENT = new Set(['qiongli_config_status', 'qiongli_literature_status', 'qiongli_search_plan', 'qiongli_literature_search']);

/** The defaults with Crossref off: the search every run makes, narrowed to Crossref, then needs no network (`not_run`). */
const crossrefOffEnv = () => testEnv({ QIONGLI_CONFIG_HOME: configHomeWith({ crossref: { enabled: false } }) });

async function callEveryTool(env: NodeJS.ProcessEnv) {
  const calls = FROZEN_TOOL_ORDER.map((name, index) => {
    const args = name === 'qiongli_literature_search' ? { query: 'q', providers: ['crossref'] } : SAMPLE_ARGUMENTS[name]!;
    return call(10 + index, name, args);
  });
  const run = await runProgram({ env, input: lines(initialize(1), request(2, 'tools/list'), ...calls) });
  const responses = parseLines(run.stdout) as any[];
  return { run, responses, byName: (name: string) => responses.find((response) => response.id === 10 + FROZEN_TOOL_ORDER.indexOf(name as never)) };
}

describe('the Lite tool surface over stdio (docs/tools.md)', () => {
  it('lists all twelve tools in frozen order', async () => {
    const { responses } = await callEveryTool(crossrefOffEnv());
    assert.deepEqual(
      responses[1].result.tools.map((tool: any) => tool.name),
      [...FROZEN_TOOL_ORDER],
    );
  });

  it('never lets a canary in values, unknown keys, hosts, providers or platforms reach stdout or stderr', async () => {
    const messages = CANARY_CALLS.map(([name, args], index) => call(100 + index, name, args));
    const run = await runProgram({ input: lines(initialize(1), ...messages) });
    const responses = parseLines(run.stdout) as any[];
    assert.equal(responses.length, CANARY_CALLS.length + 1);
    assert.ok(!run.stdout.toString('utf8').includes(C), 'canary on stdout');
    assert.ok(!run.stderr.includes(C), 'canary on stderr');
    assert.equal(run.code, 0);
  });

  it('answers save and configure/wizard with capability-unavailable, the two wizard names identically', async () => {
    const { byName } = await callEveryTool(crossrefOffEnv());
    assert.deepEqual(toolErrorOf(byName('qiongli_save_provider_config').result), {
      status: 'error',
      error_kind: 'tool_error',
      reason_code: 'capability-unavailable',
      message:
        'Lite saves no settings from the chat, and an API key must never be sent here. The person sets a key in a terminal with qiongli config set-key <provider> (an email with qiongli config set-email <provider> <address>), or on the setup page of the Standard profile.',
    });
    const configure = byName('qiongli_configure_provider').result;
    const wizard = byName('qiongli_open_config_wizard').result;
    assert.equal(toolErrorOf(configure).reason_code, 'capability-unavailable');
    assert.equal(
      toolErrorOf(configure).message,
      'Lite opens no setup page. The person sets an API key in a terminal with qiongli config set-key <provider>, or on the setup page of the Standard profile (qiongli mcp serve --profile standard); never in the chat.',
    );
    assert.deepEqual(configure, wizard);
  });

  it('reports no real path in config status (docs/tools.md#1-qiongli_config_status)', async () => {
    const env = crossrefOffEnv();
    const { byName } = await callEveryTool(env);
    const status = byName('qiongli_config_status').result.structuredContent;
    assert.equal(status.config_path, '<managed-native-config>');
    assert.ok(!JSON.stringify(status).includes(env.QIONGLI_CONFIG_HOME!));
  });
});

describe('configuration unavailable (docs/configuration.md)', () => {
  const isRoot = process.getuid?.() === 0;
  const cases: { label: string; rule: SettingsRule; prepare: (home: string) => void }[] = [
    {
      label: 'an invalid settings file',
      rule: 'not-json',
      prepare: (home) => writeFileSync(join(home, 'settings.json'), '{"document_kind": "nope"', { mode: 0o600 }),
    },
    {
      label: 'an unreadable settings file',
      rule: isRoot ? 'not-regular-file' : 'unreadable',
      prepare: (home) => {
        if (isRoot)
          mkdirSync(join(home, 'settings.json')); // root reads any mode: a directory cannot be read as a file
        else {
          writeFileSync(join(home, 'settings.json'), '{}', { mode: 0o600 });
          chmodSync(join(home, 'settings.json'), 0o000);
        }
      },
    },
    {
      label: 'a world-writable settings file',
      rule: 'unsafe-permissions',
      prepare: (home) => {
        const valid = { document_kind: 'qiongli-global-settings', schema_version: 1, revision: 1, providers: { arxiv: { enabled: true } } };
        writeFileSync(join(home, 'settings.json'), JSON.stringify(valid));
        chmodSync(join(home, 'settings.json'), 0o666);
      },
    },
  ];

  for (const { label, rule, prepare } of cases) {
    it(`makes exactly tools 1, 5, 6 and 7 answer native-config-unavailable for ${label}; the rest work`, async () => {
      const root = mkdtempSync(join(tmpdir(), 'qiongli-unavailable-'));
      const home = join(root, 'qiongli');
      mkdirSync(home, { mode: 0o700 });
      prepare(home);
      try {
        const { responses, byName, run } = await callEveryTool(testEnv({ QIONGLI_CONFIG_HOME: home }));
        assert.equal(responses[0].result.protocolVersion, '2025-06-18', 'initialize still works');
        assert.equal(responses[1].result.tools.length, 12, 'tools/list still works');
        for (const name of FROZEN_TOOL_ORDER) {
          const result = byName(name).result;
          const unavailable = result.isError === true && toolErrorOf(result).reason_code === 'native-config-unavailable';
          assert.equal(unavailable, CONFIG_DEPENDENT.has(name), name);
          if (unavailable) assert.equal(toolErrorOf(result).message, configUnavailableMessage(rule), name);
        }
        assert.ok(!run.stdout.toString('utf8').includes(home));
        assert.equal(run.stderr, '');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
