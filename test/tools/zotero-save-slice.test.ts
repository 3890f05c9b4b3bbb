// qiongli_zotero_save and Standard's Zotero status as slices (issue 28, step 2): the catalogue
// entry, the profile that serves them, the bindings, the instructions; called through MCP with
// a scripted Zotero (no network). The real connector against a loopback Zotero:
// test/composition/zotero-over-mcp.test.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LazyZoteroConnector } from '../../src/composition/lazy-zotero-connector.js';
import { standardInstructions, STANDARD_TOOLS } from '../../src/composition/profiles/standard.js';
import { LITE_INSTRUCTIONS } from '../../src/composition/profiles/lite.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { DEFAULT_SETTINGS } from '../../src/domain/provider-readiness/provider-readiness.js';
import { standardZoteroStatus } from '../../src/domain/zotero-status/standard-zotero-status.js';
import { createContainer, ToolRegistryId, type ContainerOverrides } from '../../src/index.js';
import { ZoteroConnectorId, type ZoteroTarget } from '../../src/ports/zotero-connector.port.js';
import { zoteroSaveTool } from '../../src/tools/zotero-save.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { fakeZotero, MY_LIBRARY } from '../fakes/zotero-connector.fake.js';
import { PROJECT_ROOT } from '../support/built-program.js';
import { connectInMemory } from '../support/in-memory-session.js';
import { request } from '../support/messages.js';

const settings = (enabled: boolean) => FakeConfigSource.available({ ...DEFAULT_SETTINGS, zotero: { enabled } });

/** Standard over an in-memory transport: one call, its JSON-RPC result. */
async function callStandard(name: string, args: Record<string, unknown>, overrides: ContainerOverrides): Promise<any> {
  const transport = connectInMemory(createContainer('standard', overrides));
  transport.receive(request(1, 'tools/call', { name, arguments: args }));
  for (let waited = 0; transport.responseTo(1) === undefined; waited += 5) {
    assert.ok(waited < 10_000, 'an answer in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return transport.responseTo(1).result;
}

const toolsOf = (profile: 'lite' | 'standard', overrides: ContainerOverrides = {}): any[] =>
  JSON.parse(
    createContainer(profile, { configSource: settings(false), ...overrides })
      .get(ToolRegistryId)
      .encodedToolsFor('2025-11-25'),
  );

describe('the qiongli_zotero_save slice (docs/zotero.md#the-tool)', () => {
  it('is group zotero-library, a bulk tool, not read-only, not destructive, idempotent and closed-world', () => {
    assert.equal(zoteroSaveTool.entry.group, 'zotero-library');
    assert.equal(zoteroSaveTool.entry.inputBudget, 'bulk');
    const listed = toolsOf('standard').find((tool) => tool.name === 'qiongli_zotero_save');
    assert.deepEqual(listed.annotations, { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.ok(JSON.stringify(listed).length <= 3_600, `a small entry: ${JSON.stringify(listed).length} characters`);
  });

  it('is served by Standard only, listed last; Lite lists and grants it in no configuration', () => {
    assert.equal(toolsOf('standard').at(-1)?.name, 'qiongli_zotero_save');
    assert.equal(STANDARD_TOOLS.at(-1), zoteroSaveTool);
    const everything = new Set(ALL_CAPABILITY_GROUPS);
    assert.equal(
      toolsOf('lite', { grants: everything }).some((tool) => tool.name.startsWith('qiongli_zotero_save')),
      false,
    );
    assert.equal(createContainer('lite', { grants: everything }).get(ToolRegistryId).find('qiongli_zotero_save'), undefined);
    assert.equal(toolsOf('standard', { grants: new Set(['zotero']) }).length, 2, 'narrowed, Standard lists only the granted tools');
  });

  it('binds the lazy connector in Standard and no connector in Lite; the bundle loads the adapter as its own chunk', () => {
    assert.ok(createContainer('standard').get(ZoteroConnectorId) instanceof LazyZoteroConnector);
    assert.equal(createContainer('lite').isBound(ZoteroConnectorId), false);
    const bundle = join(PROJECT_ROOT, 'dist', 'bundle');
    assert.equal(readFileSync(join(bundle, 'qiongli.mjs'), 'utf8').includes('getSelectedCollection'), false, 'not in the program start loads');
    const chunks = readdirSync(join(bundle, 'chunks')).filter((name) => readFileSync(join(bundle, 'chunks', name), 'utf8').includes('getSelectedCollection'));
    assert.equal(chunks.length, 1);
    assert.match(chunks[0]!, /^zotero-connector-/u);
  });

  it("adds the Zotero delivery line to Standard's instructions while zotero-library is granted; Lite's stay as they were", () => {
    const line = "qiongli_zotero_save puts records into the person's running Zotero once the person has switched Zotero delivery on";
    assert.ok(standardInstructions(new Set(ALL_CAPABILITY_GROUPS)).includes(line));
    assert.equal(standardInstructions(new Set(ALL_CAPABILITY_GROUPS.filter((group) => group !== 'zotero-library'))).includes(line), false);
    assert.equal(LITE_INSTRUCTIONS.includes('qiongli_zotero_save'), false);
  });
});

describe('qiongli_zotero_save through MCP, a scripted Zotero', () => {
  const records = [{ title: 'A paper', year: 2020, doi: '10.1/a' }];

  it('answers zotero-delivery-off as a text-only error while delivery is off, and asks Zotero nothing', async () => {
    let asked = 0;
    const connector = fakeZotero({ ping: async () => ((asked += 1), { ok: true, value: {} }) });
    const result = await callStandard('qiongli_zotero_save', { records }, { configSource: settings(false), zoteroConnector: connector });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    const error = JSON.parse(result.content[0].text);
    assert.deepEqual([error.error_kind, error.reason_code], ['tool_error', 'zotero-delivery-off']);
    assert.match(error.message, /qiongli config enable zotero/u);
    assert.equal(asked, 0);
  });

  it('answers native-config-unavailable when the settings break a rule', async () => {
    const result = await callStandard(
      'qiongli_zotero_save',
      { records },
      { configSource: FakeConfigSource.unavailable('not-json'), zoteroConnector: fakeZotero() },
    );
    assert.equal(JSON.parse(result.content[0].text).reason_code, 'native-config-unavailable');
  });

  it('saves once delivery is on: the structured answer and its text', async () => {
    const result = await callStandard('qiongli_zotero_save', { records, tags: ['t'] }, { configSource: settings(true), zoteroConnector: fakeZotero() });
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.structuredContent, {
      status: 'ok',
      saved: 1,
      skipped_existing: [],
      duplicates_checked: true,
      failed: [],
      target: { key: 'L1', name: 'My Library', library: 'My Library' },
      session: 's',
    });
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  });

  it('refuses more than 500 records with its static message', async () => {
    const many = Array.from({ length: 501 }, (_, index) => ({ title: `T${index}` }));
    const result = await callStandard('qiongli_zotero_save', { records: many }, { configSource: settings(true), zoteroConnector: fakeZotero() });
    assert.deepEqual(JSON.parse(result.content[0].text), {
      status: 'error',
      error_kind: 'invalid_arguments',
      reason_code: 'invalid-arguments',
      message: 'records must hold at most 500 records',
    });
  });
});

describe("Standard's qiongli_zotero_status (docs/zotero.md#status)", () => {
  const collection = (index: number): ZoteroTarget => ({ key: `C${index}`, name: `Collection ${index}`, library: 'My Library', level: 1 });

  it("adds what Zotero says to Lite's answer: running, version, delivery, the selected target and every writable one", async () => {
    const connector = fakeZotero({ targets: async () => ({ ok: true, value: { selected: collection(7), targets: [MY_LIBRARY, collection(7)] } }) });
    const result = await callStandard('qiongli_zotero_status', {}, { configSource: settings(true), zoteroConnector: connector });
    assert.deepEqual(result.structuredContent, {
      status: 'ready',
      connector: { available: true },
      companion: { available: false },
      fallback_import_files: { available: true, formats: ['references.json', 'references.ris', 'bibliography.bib', 'zotero-import-report.md'] },
      zotero: {
        running: true,
        version: '7.0.0',
        delivery_enabled: true,
        selected_target: { key: 'C7', name: 'Collection 7', library: 'My Library' },
        targets: [
          { key: 'L1', name: 'My Library', library: 'My Library' },
          { key: 'C7', name: 'Collection 7', library: 'My Library' },
        ],
      },
    });
  });

  it('says running: false (and disabled) when Zotero does not answer, and delivery off when the settings cannot be read', async () => {
    const closed = fakeZotero({ ping: async () => ({ ok: false, error: 'zotero-not-running' }) });
    const result = await callStandard('qiongli_zotero_status', {}, { configSource: FakeConfigSource.unavailable('unreadable'), zoteroConnector: closed });
    assert.equal(result.structuredContent.status, 'disabled');
    assert.deepEqual(result.structuredContent.zotero, { running: false, delivery_enabled: false, targets: [] });
    assert.deepEqual(result.structuredContent.connector, { available: false });
  });

  it('ends a silent Zotero at its time budget, and lists at most 100 targets with the total', async () => {
    const silent = fakeZotero({
      ping: (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ ok: false, error: 'zotero-timeout' }))),
    });
    const started = Date.now();
    const status = await standardZoteroStatus({ connector: silent, settings: settings(true), budgetMs: 100 }, new AbortController().signal);
    assert.ok(Date.now() - started < 1_000);
    assert.equal(status.zotero.running, false);
    const crowded = fakeZotero({
      targets: async () => ({ ok: true, value: { selected: MY_LIBRARY, targets: [MY_LIBRARY, ...Array.from({ length: 300 }, (_, i) => collection(i))] } }),
    });
    const listed = await standardZoteroStatus({ connector: crowded, settings: settings(false) }, new AbortController().signal);
    assert.deepEqual([listed.status, listed.zotero.targets.length, listed.zotero.targets_total], ['disabled', 100, 301]);
  });
});
