import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { access, answer, fixtureText, mockedLookup, trackMockAgents } from './lookup-harness.js';
import { searchRequest } from '../provider-client/search-request.js';
import { UndiciProviderClient } from '../../../src/adapters/provider-client/undici-provider-client.js';

const track = trackMockAgents();

const RETRACTED = '10.1016/s0140-6736(97)11096-0';
const CHEMCROW = '10.1038/s42256-024-00832-8';
const MAILTO = 'mailto=reader%40example.org';

describe('Crossref lookups of the reference check (docs/providers.md#the-reference-check)', () => {
  it('looks a DOI up at /works/<doi> with mailto, and reads both updated-by notices with their DOI and date', async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(agent, 'crossref', `/works/${RETRACTED}?${MAILTO}`, fixtureText('crossref-work-retracted.json'));
    const session = lookup.session('crossref', access({ email: 'reader@example.org' }));
    const found = await session.byIdentifier({ kind: 'doi', value: RETRACTED });
    assert.ok(found.ok && found.value !== undefined);
    assert.equal(found.value.record.doi, RETRACTED);
    assert.match(found.value.record.title, /^RETRACTED: Ileal-lymphoid-nodular/u);
    assert.deepEqual(found.value.notices, [
      { type: 'correction', place: 'updated_by', noticeDoi: '10.1016/s0140-6736(04)15715-2', date: '2004-03-06' },
      { type: 'retraction', place: 'updated_by', noticeDoi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-06' },
    ]);
    assert.equal(session.requests(), 1);
  });

  it('reads relation.has-preprint as a version link, and a 404 as "no such work"', async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(agent, 'crossref', `/works/${CHEMCROW}`, fixtureText('crossref-work-has-preprint.json'));
    agent.get('https://api.crossref.org').intercept({ path: '/works/10.1000/nothing', method: 'GET' }).reply(404, 'Resource not found.');
    const session = lookup.session('crossref', access());
    const found = await session.byIdentifier({ kind: 'doi', value: CHEMCROW });
    assert.deepEqual(found.ok && found.value?.versions, [{ relation: 'version_of_record_of', doi: '10.48550/arxiv.2304.05376', place: 'crossref_relation' }]);
    assert.deepEqual(await session.byIdentifier({ kind: 'doi', value: '10.1000/nothing' }), { ok: true, value: undefined });
    assert.equal(session.requests(), 2);
  });

  it('answers a PMID or an arXiv id with nothing and sends no request', async () => {
    const { lookup } = track(mockedLookup());
    const session = lookup.session('crossref', access());
    assert.deepEqual(await session.byIdentifier({ kind: 'pmid', value: '9500320' }), { ok: true, value: undefined });
    assert.deepEqual(await session.byIdentifier({ kind: 'arxiv', value: '2101.00001' }), { ok: true, value: undefined });
    assert.equal(session.requests(), 0);
  });

  it('searches query.bibliographic with the title, first author and year, at most the rows asked', async () => {
    const { agent, lookup } = track(mockedLookup());
    const text = encodeURIComponent('The forecast trap Boettiger 2022');
    answer(agent, 'crossref', `/works?query.bibliographic=${text}&rows=5`, fixtureText('crossref-works-query-author.json'));
    const session = lookup.session('crossref', access());
    const found = await session.search({ title: 'The forecast trap', firstAuthor: 'Boettiger', year: 2022, limit: 5 });
    assert.ok(found.ok);
    assert.equal(found.value.length, 5);
    assert.equal(found.value[0]?.record.title, 'The forecast trap');
  });

  it('asks notices in both places: updated-by of works read before (no request) or by filter=doi, update-to by filter=updates', async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(agent, 'crossref', `/works/${RETRACTED}`, fixtureText('crossref-work-retracted.json'));
    const other = '10.1111/ele.14024';
    answer(agent, 'crossref', `/works?filter=${encodeURIComponent(`doi:${other}`)}&rows=1`, {
      status: 'ok',
      message: {
        items: [
          {
            DOI: other,
            title: ['The forecast trap'],
            'updated-by': [{ type: 'correction', DOI: '10.1111/ele.99999', updated: { 'date-parts': [[2023, 1]] } }],
          },
        ],
      },
    });
    answer(
      agent,
      'crossref',
      `/works?filter=${encodeURIComponent(`updates:${RETRACTED},updates:${other}`)}&rows=100`,
      fixtureText('crossref-works-updates-retraction.json'),
    );
    const session = lookup.session('crossref', access());
    await session.byIdentifier({ kind: 'doi', value: RETRACTED });
    const statuses = await session.updateStatus([RETRACTED, other, 'not a doi', '10.1000/a,b']);
    assert.ok(statuses.ok);
    assert.deepEqual(statuses.value, [
      { doi: RETRACTED, notice: { type: 'correction', place: 'updated_by', noticeDoi: '10.1016/s0140-6736(04)15715-2', date: '2004-03-06' } },
      { doi: RETRACTED, notice: { type: 'retraction', place: 'updated_by', noticeDoi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-06' } },
      { doi: other, notice: { type: 'correction', place: 'updated_by', noticeDoi: '10.1111/ele.99999', date: '2023-01' } },
      { doi: RETRACTED, notice: { type: 'retraction', place: 'update_to', noticeDoi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-06' } },
    ]);
    assert.equal(session.requests(), 3, 'the lookup, then filter=doi for the one work not read, and filter=updates');
    assert.deepEqual(await session.updateStatus([]), { ok: true, value: [] });
    assert.equal(session.requests(), 3);
  });

  it('answers a question asked again from the session, and from the cache in a later session: neither is a request', async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(agent, 'crossref', `/works/${RETRACTED}`, fixtureText('crossref-work-retracted.json'));
    const first = lookup.session('crossref', access());
    const once = await first.byIdentifier({ kind: 'doi', value: RETRACTED });
    assert.deepEqual(await first.byIdentifier({ kind: 'doi', value: RETRACTED }), once);
    const later = lookup.session('crossref', access());
    assert.deepEqual(await later.byIdentifier({ kind: 'doi', value: RETRACTED }), once);
    assert.equal(first.requests() + later.requests(), 1);
    const keyed = lookup.session('crossref', access({ email: 'other@example.org' }));
    answer(agent, 'crossref', `/works/${RETRACTED}?mailto=other%40example.org`, fixtureText('crossref-work-retracted.json'));
    await keyed.byIdentifier({ kind: 'doi', value: RETRACTED });
    assert.equal(keyed.requests(), 1, 'another email is another request');
  });

  it('maps failures to their kinds only: 500, 429, a broken body, an aborted call (which sends nothing)', async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(agent, 'crossref', '/works/10.1000/a', 'oops', 500);
    answer(agent, 'crossref', '/works/10.1000/b', '{}', 429);
    answer(agent, 'crossref', '/works/10.1000/c', '{"message": [');
    const session = lookup.session('crossref', access());
    assert.deepEqual(await session.byIdentifier({ kind: 'doi', value: '10.1000/a' }), { ok: false, error: 'http_error' });
    assert.deepEqual(await session.byIdentifier({ kind: 'doi', value: '10.1000/b' }), { ok: false, error: 'rate_limited' });
    assert.deepEqual(await session.byIdentifier({ kind: 'doi', value: '10.1000/c' }), { ok: false, error: 'decode_error' });
    const stop = new AbortController();
    stop.abort();
    const cancelled = lookup.session('crossref', access({}, stop.signal));
    assert.deepEqual(await cancelled.search({ title: 'Anything', limit: 5 }), { ok: false, error: 'cancelled' });
    assert.equal(cancelled.requests(), 0);
  });

  it("shares Crossref's pacing lane with the search: a lookup right after a search waits its second", async () => {
    const { agent, clock, http, lookup } = track(mockedLookup());
    const search = new UndiciProviderClient({ http });
    answer(agent, 'crossref', '/works?query=ecology&rows=2', fixtureText('crossref-works-query.json'));
    answer(agent, 'crossref', `/works/${RETRACTED}`, fixtureText('crossref-work-retracted.json'));
    assert.ok((await search.search(searchRequest('crossref', { query: 'ecology', limit: 2 }))).ok);
    assert.ok((await lookup.session('crossref', access()).byIdentifier({ kind: 'doi', value: RETRACTED })).ok);
    assert.deepEqual(clock.sleeps, [1000]);
  });

  it('counts the requests sent: a polite retry is a second one, a start that pacing puts past the budget none', async () => {
    const retried = track(mockedLookup());
    answer(retried.agent, 'crossref', `/works/${RETRACTED}`, '{}', 429, { 'retry-after': '0' });
    answer(retried.agent, 'crossref', `/works/${RETRACTED}`, fixtureText('crossref-work-retracted.json'));
    const session = retried.lookup.session('crossref', access());
    assert.ok((await session.byIdentifier({ kind: 'doi', value: RETRACTED })).ok);
    assert.equal(session.requests(), 2);
    const paced = track(mockedLookup({ requestMs: 500 }));
    answer(paced.agent, 'crossref', `/works/${RETRACTED}`, fixtureText('crossref-work-retracted.json'));
    const short = paced.lookup.session('crossref', access());
    assert.ok((await short.byIdentifier({ kind: 'doi', value: RETRACTED })).ok);
    // The lane's next start is a second away, past this question's 500 ms budget: nothing is sent.
    assert.deepEqual(await short.byIdentifier({ kind: 'doi', value: CHEMCROW }), { ok: false, error: 'rate_limited' });
    assert.equal(short.requests(), 1);
  });
});
