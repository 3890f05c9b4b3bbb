// qiongli_zotero_save and Standard's qiongli_zotero_status through MCP, composed as the program
// composes Standard (the lazy undici connector, the consent from the settings), against the
// loopback Zotero on 127.0.0.1:23119 inside one private network namespace for the whole file
// (test/support/private-network.ts). Records come from a real search of the loopback providers.
// Longer than 200 lines: one server composition shared by every case of the list.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { UndiciZoteroConnector } from '../../src/adapters/zotero-connector/index.js';
import { createContainer, type ContainerOverrides } from '../../src/index.js';
import { DEFAULT_SETTINGS } from '../../src/domain/provider-readiness/provider-readiness.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { connectInMemory } from '../support/in-memory-session.js';
import { LoopbackZotero } from '../support/loopback-zotero.js';
import { startLoopbackProviders, type LoopbackProviders } from '../support/loopback-providers.js';
import { request } from '../support/messages.js';
import { insidePrivateNetwork } from '../support/private-network.js';
import { ZOTERO_ITEM_TYPES } from '../support/zotero-item-types.js';

const delivery = (enabled: boolean) => FakeConfigSource.available({ ...DEFAULT_SETTINGS, zotero: { enabled } });

/** A Standard server over an in-memory transport: `call` sends one tools/call and resolves with its result. */
function standard(overrides: ContainerOverrides = {}) {
  const transport = connectInMemory(createContainer('standard', { configSource: delivery(true), ...overrides }));
  let id = 0;
  return async (name: string, args: Record<string, unknown>): Promise<any> => {
    const mine = ++id;
    transport.receive(request(mine, 'tools/call', { name, arguments: args }));
    for (let waited = 0; transport.responseTo(mine) === undefined; waited += 5) {
      assert.ok(waited < 30_000, `${name} answered in time`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return transport.responseTo(mine).result;
  };
}

/** The error object of a text-only error result. */
const errorOf = (result: any): { reason_code: string; message: string } => {
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent, undefined, 'errors are text only, as every tool sends them');
  return JSON.parse(result.content[0].text);
};

describe('Zotero delivery through MCP, the loopback Zotero in a private network namespace (docs/zotero.md)', () => {
  if (!insidePrivateNetwork(import.meta.url)) return;
  let providers: LoopbackProviders;
  let found: Record<string, any>[];
  let zotero: LoopbackZotero;

  before(async () => {
    providers = await startLoopbackProviders({ delayMs: 1 });
    const call = standard({ configSource: FakeConfigSource.defaults(), dispatcher: providers.dispatcher });
    found = (await call('qiongli_literature_search', { query: 'large language models chemistry', page_size: 100 })).structuredContent.results;
    assert.equal(found.length, 59);
  });
  after(() => providers?.close());
  beforeEach(async () => {
    zotero = await new LoopbackZotero().start();
  });
  afterEach(() => zotero?.stop());

  it("saves a search's records into a collection named, each the right Zotero item, with the tags and a note naming the evidence snapshot", async () => {
    const call = standard();
    const snapshot = await call('qiongli_literature_export_evidence', { query: 'large language models chemistry', results: found });
    const snapshotId = `sha256:${createHash('sha256').update(snapshot.content[0].text).digest('hex')}`;
    const result = await call('qiongli_zotero_save', { records: found, collection: 'thesis', tags: ['llm', 'chemistry'], evidence_snapshot_id: snapshotId });
    const answer = result.structuredContent;
    assert.equal(answer.status, 'ok', JSON.stringify(answer.warnings));
    assert.deepEqual(answer.target, { key: 'C12', name: 'Thesis', library: 'My Library' });
    assert.equal(answer.saved + answer.skipped_existing.length, 59);
    assert.ok(
      answer.skipped_existing.every((skipped: any) => skipped.matched_by === 'title_year'),
      'only repeats within the call',
    );
    const items = zotero.imported();
    assert.equal(items.length, answer.saved);
    const skipped = new Set(answer.skipped_existing.map((entry: any) => entry.index));
    const sent = found.filter((_, index) => !skipped.has(index));
    assert.deepEqual(
      items.map((item) => item.itemType),
      sent.map((record) => ZOTERO_ITEM_TYPES[(record.record_type ?? 'absent') as keyof typeof ZOTERO_ITEM_TYPES]),
    );
    assert.deepEqual(new Set(items.map((item) => item.itemType)), new Set(['journalArticle', 'preprint', 'book', 'conferencePaper', 'dataset']));
    for (const item of items) {
      assert.deepEqual([item.libraryId, item.collections], [1, [12]]);
      assert.deepEqual(
        item.tags.filter((tag) => tag.type === 0).map((tag) => tag.tag),
        ['llm', 'chemistry'],
      );
      assert.deepEqual(zotero.notesOf(item), [`<p>Saved by Qiongli from evidence snapshot <code>${snapshotId}</code>.</p>`]);
    }
    assert.equal(zotero.requests.find((request) => request.path === '/connector/import')?.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('takes a collection by the key qiongli_zotero_status lists', async () => {
    const call = standard();
    const status = (await call('qiongli_zotero_status', {})).structuredContent;
    const lab = status.zotero.targets.find((target: any) => target.library === 'Lab group' && target.name === 'Reading');
    const answer = (await call('qiongli_zotero_save', { records: found.slice(0, 3), collection: lab.key })).structuredContent;
    assert.deepEqual(answer.target, { key: 'C21', name: 'Reading', library: 'Lab group' });
    assert.deepEqual(
      zotero.imported().map((item) => [item.libraryId, item.collections]),
      [
        [2, [21]],
        [2, [21]],
        [2, [21]],
      ],
    );
    const ambiguous = errorOf(await call('qiongli_zotero_save', { records: found.slice(0, 1), collection: 'Reading' }));
    assert.equal(ambiguous.reason_code, 'zotero-collection-ambiguous');
  });

  it('skips what the library holds, matched by DOI, PMID, arXiv id and title with year, and saves the rest', async () => {
    const byDoi = found.find((record) => record.doi !== undefined && record.identifiers?.pmid === undefined)!;
    const byPmid = found.find((record) => record.identifiers?.pmid !== undefined)!;
    const byArxiv = found.find((record) => record.identifiers?.arxiv !== undefined && record !== byDoi)!;
    const byTitle = found.find((record) => record.year !== undefined && ![byDoi, byPmid, byArxiv].includes(record))!;
    zotero.seed({ fields: { title: 'Another title', DOI: byDoi.doi.toUpperCase(), date: '1999' } });
    zotero.seed({ fields: { title: 'Another title', extra: `PMID: ${byPmid.identifiers.pmid}`, date: '1999' } });
    zotero.seed({ itemType: 'preprint', fields: { title: 'Another title', archiveID: `arXiv:${byArxiv.identifiers.arxiv}`, date: '1999' } });
    zotero.seed({ itemType: 'book', fields: { title: `  ${byTitle.title.toUpperCase()}!`, date: `${byTitle.year}-01-01` } });
    const records = [byDoi, byPmid, byArxiv, byTitle, ...found.filter((record) => ![byDoi, byPmid, byArxiv, byTitle].includes(record)).slice(0, 2)];
    const answer = (await standard()('qiongli_zotero_save', { records })).structuredContent;
    assert.deepEqual(
      answer.skipped_existing.map((skipped: any) => [skipped.index, skipped.matched_by]),
      [
        [0, 'doi'],
        [1, 'pmid'],
        [2, 'arxiv'],
        [3, 'title_year'],
      ],
    );
    assert.deepEqual([answer.duplicates_checked, answer.saved, answer.status], [true, 2, 'ok']);
    assert.ok(zotero.requests.some((request) => request.path.startsWith('/api/') && request.query.get('qmode') === 'everything'));
  });

  it('saves everything and says duplicates were not checked when the local API is off', async () => {
    zotero.state.localApi = 'off';
    const answer = (await standard()('qiongli_zotero_save', { records: found.slice(0, 4) })).structuredContent;
    assert.deepEqual([answer.status, answer.saved, answer.duplicates_checked], ['warning', 4, false]);
    assert.match(answer.warnings[0], /Allow other applications on this computer to communicate with Zotero/u);
  });

  it('answers zotero-delivery-off while delivery is switched off, sending Zotero nothing', async () => {
    const error = errorOf(await standard({ configSource: delivery(false) })('qiongli_zotero_save', { records: found.slice(0, 1) }));
    assert.equal(error.reason_code, 'zotero-delivery-off');
    assert.match(error.message, /qiongli config enable zotero/u);
    assert.equal(zotero.requests.length, 0);
  });

  it('answers zotero-not-running when Zotero is closed, and the status says running: false within a second', async () => {
    await zotero.stop();
    const call = standard();
    assert.equal(errorOf(await call('qiongli_zotero_save', { records: found.slice(0, 1) })).reason_code, 'zotero-not-running');
    const started = Date.now();
    const status = (await call('qiongli_zotero_status', {})).structuredContent;
    assert.ok(Date.now() - started < 1_000, `${Date.now() - started} ms`);
    assert.deepEqual(
      [status.status, status.connector, status.zotero],
      ['disabled', { available: false }, { running: false, delivery_enabled: true, targets: [] }],
    );
  });

  it('says what a refusing, failing, slow or huge Zotero did', async () => {
    const call = standard();
    const reasonFor = async (misbehaviour: LoopbackZotero['misbehaviours'][number]): Promise<string> => {
      zotero.misbehaviours = [misbehaviour];
      return errorOf(await call('qiongli_zotero_save', { records: found.slice(0, 1) })).reason_code;
    };
    assert.equal(await reasonFor({ path: '/connector/import', kind: 'status', status: 400 }), 'zotero-refused');
    assert.equal(await reasonFor({ path: '/connector/import', kind: 'status', status: 500 }), 'zotero-failed');
    assert.equal(await reasonFor({ path: '/connector/getSelectedCollection', kind: 'close' }), 'zotero-bad-answer');
    zotero.misbehaviours = [{ path: '/connector/import', kind: 'huge', status: 201, bytes: 20 * 1024 * 1024 }];
    const huge = (await call('qiongli_zotero_save', { records: found.slice(0, 2) })).structuredContent;
    assert.deepEqual([huge.status, huge.saved], ['warning', 2], 'a too-large answer counts the records sent');
    zotero.misbehaviours = [{ path: '/connector/import', kind: 'silent' }];
    const slow = standard({ zoteroConnector: new UndiciZoteroConnector({ timeouts: { shortMs: 300, longMs: 400 } }) });
    const started = Date.now();
    assert.equal(errorOf(await slow('qiongli_zotero_save', { records: found.slice(0, 1) })).reason_code, 'zotero-timeout');
    assert.ok(Date.now() - started < 3_000);
  });

  it("Standard's status when Zotero runs: its version, delivery, the selected target and every writable one", async () => {
    const status = (await standard()('qiongli_zotero_status', {})).structuredContent;
    assert.deepEqual([status.status, status.connector], ['ready', { available: true }]);
    assert.deepEqual(status.zotero, {
      running: true,
      version: '7.0.15',
      delivery_enabled: true,
      selected_target: { key: 'L1', name: 'My Library', library: 'My Library' },
      targets: [
        { key: 'L1', name: 'My Library', library: 'My Library' },
        { key: 'C11', name: 'Reading', library: 'My Library' },
        { key: 'C12', name: 'Thesis', library: 'My Library' },
        { key: 'L2', name: 'Lab group', library: 'Lab group' },
        { key: 'C21', name: 'Reading', library: 'Lab group' },
      ],
    });
    const off = (await standard({ configSource: delivery(false) })('qiongli_zotero_status', {})).structuredContent;
    assert.deepEqual([off.status, off.zotero.running, off.zotero.delivery_enabled], ['disabled', true, false]);
  });
});
