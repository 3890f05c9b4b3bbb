import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { EnvHttpProxyAgent, getGlobalDispatcher, request, setGlobalDispatcher } from 'undici';
import { UndiciZoteroConnector } from '../../../src/adapters/zotero-connector/index.js';
import { LoopbackZotero } from '../../support/loopback-zotero.js';
import { insidePrivateNetwork } from '../../support/private-network.js';

const never = new AbortController().signal;
const csl = (items: unknown[]): string => JSON.stringify(items);

describe('the Zotero connector adapter against a loopback Zotero (docs/zotero.md#how-qiongli-talks-to-zotero)', () => {
  if (!insidePrivateNetwork(import.meta.url)) return;
  let zotero: LoopbackZotero;
  const connector = new UndiciZoteroConnector({ timeouts: { shortMs: 400, longMs: 600 } });
  beforeEach(async () => {
    zotero = await new LoopbackZotero().start();
  });
  afterEach(async () => {
    await zotero.stop();
  });

  it('pings Zotero and reads its version from X-Zotero-Version, sending the connector header, a plain agent and no Origin', async () => {
    assert.deepEqual(await connector.ping(never), { ok: true, value: { version: '7.0.15' } });
    const [sent] = zotero.requests;
    assert.equal(sent?.method, 'GET');
    assert.equal(sent?.path, '/connector/ping');
    assert.equal(sent?.headers['x-zotero-connector-api-version'], '3');
    assert.equal(sent?.headers['host'], '127.0.0.1:23119');
    assert.equal('origin' in (sent?.headers ?? {}), false);
    assert.doesNotMatch(sent?.headers['user-agent'] ?? '', /^Mozilla\//);
  });

  it('follows Zotero: a browser-looking request without the connector header is closed unanswered; a foreign Host gets 400', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'user-agent': 'Mozilla/5.0' }]) {
      await assert.rejects(
        request('http://127.0.0.1:23119/connector/getSelectedCollection', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        }),
      );
    }
    const allowed = await request('http://127.0.0.1:23119/connector/ping', { headers: { 'user-agent': 'Mozilla/5.0', 'x-zotero-connector-api-version': '3' } });
    assert.equal(allowed.statusCode, 200);
    await allowed.body.dump();
    const rebound = await request('http://127.0.0.1:23119/connector/ping', { headers: { host: 'evil.example:23119' } });
    assert.equal(rebound.statusCode, 400);
    assert.equal(await rebound.body.text(), 'Invalid Host header\n');
  });

  it('says zotero-not-running at once when nothing listens on 127.0.0.1:23119', async () => {
    await zotero.stop();
    const started = performance.now();
    assert.deepEqual(await connector.ping(never), { ok: false, error: 'zotero-not-running' });
    assert.ok(performance.now() - started < 1_000);
  });

  it('lists the selected target and every writable library and collection, each with its library', async () => {
    zotero.state.libraries.push({ id: 3, name: 'Read-only group', editable: false, collections: [{ id: 31, name: 'Old' }] });
    zotero.state.selected = 'C12';
    const targets = await connector.targets(never);
    assert.ok(targets.ok);
    assert.deepEqual(targets.value.selected, { key: 'C12', name: 'Thesis', library: 'My Library', level: 2 });
    assert.deepEqual(
      targets.value.targets.map((target) => [target.key, target.name, target.library, target.level]),
      [
        ['L1', 'My Library', 'My Library', 0],
        ['C11', 'Reading', 'My Library', 1],
        ['C12', 'Thesis', 'My Library', 2],
        ['L2', 'Lab group', 'Lab group', 0],
        ['C21', 'Reading', 'Lab group', 1],
      ],
    );
    assert.equal(zotero.requests[0]?.headers['content-type'], 'application/json');
  });

  it('imports CSL-JSON posted as text through the CSL JSON translator, into a fresh session, and reads the items Zotero names', async () => {
    const imported = await connector.importCslJson(
      csl([
        { type: 'article', title: 'A preprint' },
        { type: 'chapter', title: 'A chapter' },
      ]),
      2,
      never,
    );
    assert.ok(imported.ok);
    assert.match(imported.value.session, /^qiongli-[0-9a-f-]{36}$/);
    assert.deepEqual(imported.value.items, [
      { itemType: 'preprint', title: 'A preprint' },
      { itemType: 'bookSection', title: 'A chapter' },
    ]);
    assert.match(zotero.requests[0]?.headers['content-type'] ?? '', /^text\/plain/);
    assert.equal(zotero.state.sessions.get(imported.value.session)?.translator, 'CSL JSON');
    const again = await connector.importCslJson(csl([{ type: 'article', title: 'x' }]), 1, never);
    assert.ok(again.ok && again.value.session !== imported.value.session, 'every import opens its own session');
  });

  it('follows Zotero: the same CSL-JSON posted as application/json is parsed into an object no translator reads (400)', async () => {
    const response = await request('http://127.0.0.1:23119/connector/import?session=s1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-zotero-connector-api-version': '3' },
      body: csl([{ type: 'article', title: 'A preprint' }]),
    });
    await response.body.dump();
    assert.equal(response.statusCode, 400);
  });

  it('moves a session to a collection, tags its items and gives each a child note', async () => {
    const imported = await connector.importCslJson(csl([{ type: 'article-journal', title: 'T' }]), 1, never);
    assert.ok(imported.ok);
    const updated = await connector.updateSession({ session: imported.value.session, target: 'C21', tags: ['a', 'b, c'], note: '<p>n</p>' }, 1, never);
    assert.deepEqual(updated, { ok: true, value: undefined });
    const [item] = zotero.imported();
    assert.equal(item?.libraryId, 2);
    assert.deepEqual(item?.collections, [21]);
    assert.deepEqual(item?.tags, [
      { tag: 'a', type: 0 },
      { tag: 'b, c', type: 0 },
    ]);
    assert.deepEqual(zotero.notesOf(item!), ['<p>n</p>']);
    const missing = await connector.updateSession({ session: imported.value.session, target: 'C99', tags: [] }, 1, never);
    assert.deepEqual(missing, { ok: false, error: 'zotero-collection-not-found' });
    const unknown = await connector.updateSession({ session: 'qiongli-none', target: 'L1', tags: [] }, 1, never);
    assert.deepEqual(unknown, { ok: false, error: 'zotero-refused' });
  });

  it('finds library items by DOI with qmode=everything, and by title words in the default mode', async () => {
    zotero.seed({ fields: { title: 'Deep learning for proteins', DOI: '10.1000/ABC', date: '2021', extra: 'PMID: 123' } });
    const byDoi = await connector.findInLibrary({ by: 'doi', doi: '10.1000/abc' }, never);
    assert.deepEqual(byDoi, {
      ok: true,
      value: [{ itemType: 'journalArticle', title: 'Deep learning for proteins', date: '2021', doi: '10.1000/ABC', extra: 'PMID: 123' }],
    });
    assert.equal(zotero.requests.at(-1)?.path, '/api/users/0/items/top');
    assert.equal(zotero.requests.at(-1)?.query.get('qmode'), 'everything');
    const byTitle = await connector.findInLibrary({ by: 'title', words: ['proteins', 'learning'] }, never);
    assert.equal(byTitle.ok && byTitle.value.length, 1);
    assert.equal(zotero.requests.at(-1)?.query.get('qmode'), null);
    const byPmid = await connector.findInLibrary({ by: 'pmid', pmid: '123' }, never);
    assert.equal(byPmid.ok && byPmid.value.length, 1);
  });

  it('follows Zotero: the default quick-search mode does not look at the DOI field', async () => {
    zotero.seed({ fields: { title: 'Deep learning', DOI: '10.1000/abc' } });
    const response = await request('http://127.0.0.1:23119/api/users/0/items/top?q=10.1000%2Fabc', { headers: { 'x-zotero-connector-api-version': '3' } });
    assert.deepEqual(await response.body.json(), []);
  });

  it('says zotero-local-api-off when the local API is switched off (403) or absent (404)', async () => {
    zotero.state.localApi = 'off';
    assert.deepEqual(await connector.findInLibrary({ by: 'doi', doi: '10.1/x' }, never), { ok: false, error: 'zotero-local-api-off' });
    zotero.state.localApi = 'absent';
    assert.deepEqual(await connector.findInLibrary({ by: 'doi', doi: '10.1/x' }, never), { ok: false, error: 'zotero-local-api-off' });
  });

  for (const [status, body, expected] of [
    [400, undefined, 'zotero-refused'],
    [409, '{"error":"SESSION_EXISTS"}', 'zotero-conflict'],
    [500, '{"libraryEditable":false}', 'zotero-read-only'],
    [500, undefined, 'zotero-failed'],
    [302, undefined, 'zotero-bad-answer'],
  ] as const) {
    it(`reads an import answered ${status}${body ? ` ${body}` : ''} as ${expected}`, async () => {
      zotero.misbehaviours = [{ path: '/connector/import', kind: 'status', status, ...(body ? { body } : {}) }];
      assert.deepEqual(await connector.importCslJson(csl([{ type: 'article', title: 't' }]), 1, never), { ok: false, error: expected });
    });
  }

  it('gives up with zotero-timeout on a Zotero that never answers or drips its answer', async () => {
    for (const misbehaviour of [{ kind: 'silent' }, { kind: 'drip', everyMs: 50 }] as const) {
      zotero.misbehaviours = [misbehaviour];
      const started = performance.now();
      assert.deepEqual(await connector.targets(never), { ok: false, error: 'zotero-timeout' }, misbehaviour.kind);
      assert.ok(performance.now() - started < 1_500, misbehaviour.kind);
    }
  });

  it('stops reading a huge answer at its bound: the targets are a bad answer, an import is saved with its items unknown', async () => {
    zotero.misbehaviours = [{ kind: 'huge', status: 200, bytes: 64 * 1024 * 1024 }];
    assert.deepEqual(await new UndiciZoteroConnector({ timeouts: { shortMs: 5_000 } }).ping(never), { ok: false, error: 'zotero-bad-answer' });
    zotero.misbehaviours = [{ kind: 'huge', status: 201, bytes: 40 * 1024 * 1024 }];
    const imported = await new UndiciZoteroConnector({ timeouts: { shortMs: 10_000, longMs: 10_000 } }).importCslJson('[]', 0, never);
    assert.ok(imported.ok && imported.value.items === undefined);
  });

  it('reads a connection closed unanswered, or an answer of the wrong shape, as zotero-bad-answer', async () => {
    zotero.misbehaviours = [{ kind: 'close' }];
    assert.deepEqual(await connector.ping(never), { ok: false, error: 'zotero-bad-answer' });
    zotero.misbehaviours = [{ kind: 'garbage' }];
    assert.deepEqual(await connector.targets(never), { ok: false, error: 'zotero-bad-answer' });
    assert.deepEqual(await connector.findInLibrary({ by: 'doi', doi: '10.1/x' }, never), { ok: false, error: 'zotero-bad-answer' });
  });

  it('goes straight to 127.0.0.1:23119 with HTTPS_PROXY, HTTP_PROXY and a global proxy dispatcher set', async () => {
    const connections: Socket[] = [];
    const proxy = createServer((socket) => {
      connections.push(socket);
      socket.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(3128, '127.0.0.1', resolve));
    const saved = { ...process.env };
    const before = getGlobalDispatcher();
    try {
      for (const name of ['HTTPS_PROXY', 'HTTP_PROXY', 'https_proxy', 'http_proxy', 'ALL_PROXY']) process.env[name] = 'http://127.0.0.1:3128';
      process.env['NO_PROXY'] = '';
      setGlobalDispatcher(new EnvHttpProxyAgent());
      // The control: a request through the global dispatcher is tunnelled through the proxy (which refuses it).
      await assert.rejects(request('http://127.0.0.1:23119/connector/ping'));
      const seenByProxy = connections.length;
      assert.ok(seenByProxy > 0, 'the global dispatcher went through the proxy');
      assert.deepEqual(await new UndiciZoteroConnector().ping(never), { ok: true, value: { version: '7.0.15' } });
      assert.equal(connections.length, seenByProxy, 'the connector never connected to the proxy');
      assert.equal(zotero.requests.length, 1);
    } finally {
      setGlobalDispatcher(before);
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('sends no body over 8 MiB', async () => {
    assert.deepEqual(await connector.importCslJson('x'.repeat(8 * 1024 * 1024 + 1), 1, never), { ok: false, error: 'zotero-refused' });
    assert.equal(zotero.requests.length, 0);
  });
});
