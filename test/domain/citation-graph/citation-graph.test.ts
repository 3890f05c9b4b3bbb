import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UseCaseId, type UseCaseToken } from '../../../src/index.js';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import { LazyCitationGraphClient } from '../../../src/composition/lazy-citation-graph-client.js';
import { MAX_CRAWL_ROUNDS, MAX_NEW_ROUNDS_PER_CALL } from '../../../src/domain/citation-graph/graph-crawl.js';
import { DEPTH_WARNING, NO_EDGES_WARNING, NO_SOURCE_ASKED_WARNING, WORK_NOT_FOUND_WARNING } from '../../../src/domain/citation-graph/graph-diagnostics.js';
import { FakeCitationGraphClient, fakeRecord, fakeWork, type FakeSource } from '../../fakes/citation-graph.fake.js';
import { FakeConfigSource, onlyEnabled, settingsWith } from '../../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';
import { quietContext, runUseCase } from '../../support/use-cases.js';
import { configUnavailableMessage } from '../../../src/domain/shared/settings-rule-messages.js';

const CITATIONS = UseCaseId.literatureCitations;
const REFERENCES = UseCaseId.literatureReferences;
const edges = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ record: fakeRecord(from + i) }));
const ALL_ON = settingsWith({ openalex: { enabled: true }, semantic_scholar: { enabled: true }, crossref: { enabled: true } });
const DOI_WORK = { work: '10.7777/work' };

async function run(
  token: UseCaseToken,
  args: Record<string, unknown>,
  sources: Partial<Record<string, FakeSource>>,
  options: { settings?: typeof ALL_ON; secrets?: FakeSecretStore } = {},
) {
  const client = new FakeCitationGraphClient(sources);
  const outcome = await runUseCase(token, args, {
    configSource: FakeConfigSource.available(options.settings ?? ALL_ON),
    secretStore: options.secrets ?? FakeSecretStore.unavailable(),
    citationGraphClient: client,
  });
  return { outcome, client };
}

const ok = (outcome: any) => {
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.value;
};

describe('the citation graph use case (docs/tools.md#the-citation-graph)', () => {
  it('answers not_run without opening any session when no source is enabled', async () => {
    const settings = onlyEnabled({ arxiv: { enabled: true } });
    const off = { ...settings, sources: { ...settings.sources, opencitations: { enabled: false } } };
    const { outcome, client } = await run(CITATIONS, DOI_WORK, {}, { settings: off });
    const result = ok(outcome);
    assert.equal(result.status, 'warning');
    assert.deepEqual(result.diagnostics, {
      status: 'not_run',
      status_reason: 'no_active_sources',
      providers: {},
      warnings: ['no active citation-graph sources; no network request was performed'],
    });
    assert.equal(client.opened.length, 0);
  });

  it('asks only the enabled sources the providers argument names, and Crossref never for citations', async () => {
    const { outcome, client } = await run(CITATIONS, { ...DOI_WORK, providers: ['opencitations'] }, { opencitations: { citations: edges(0, 3) } });
    assert.deepEqual(Object.keys(ok(outcome).diagnostics.providers), ['opencitations']);
    assert.deepEqual(
      client.opened.map((session) => session.source),
      ['opencitations', 'openalex'], // the second is the DOI-lookup session
    );
    const refused = await run(CITATIONS, { ...DOI_WORK, providers: ['crossref'] }, {});
    assert.deepEqual(refused.outcome, { ok: false, error: { kind: 'invalid_arguments', message: 'unsupported provider' } });
  });

  it('fails on unavailable settings, reversed years and a work in no accepted form, with static messages', async () => {
    const unavailable = await runUseCase(CITATIONS, DOI_WORK, {
      configSource: FakeConfigSource.unavailable(),
      citationGraphClient: new FakeCitationGraphClient({}),
    });
    assert.deepEqual(unavailable, {
      ok: false,
      error: { kind: 'tool_error', reasonCode: 'native-config-unavailable', message: configUnavailableMessage('not-json') },
    });
    const years = await run(CITATIONS, { ...DOI_WORK, from_year: 2020, to_year: '2019' }, {});
    assert.deepEqual(years.outcome, { ok: false, error: { kind: 'invalid_arguments', message: 'from_year must be less than or equal to to_year' } });
    assert.equal(years.client.opened.length, 0);
  });

  it('answers provider-runtime-unavailable when the HTTP client cannot be built', async () => {
    const outcome = await runUseCase(CITATIONS, DOI_WORK, {
      configSource: FakeConfigSource.available(ALL_ON),
      citationGraphClient: new LazyCitationGraphClient(() => Promise.reject(new Error('no adapter'))),
    });
    assert.deepEqual(outcome, {
      ok: false,
      error: { kind: 'tool_error', reasonCode: 'provider-runtime-unavailable', message: 'native provider runtime is unavailable' },
    });
  });

  it('asks a keyed provider with its key when it resolves and keyless when it does not; OpenCitations always keyless', async () => {
    const ref = secretReference(3);
    const settings = settingsWith({ openalex: { enabled: true, apiKeyRef: ref }, semantic_scholar: { enabled: true, apiKeyRef: secretReference(4) } });
    const { client } = await run(CITATIONS, DOI_WORK, {}, { settings, secrets: FakeSecretStore.withSecrets({ [ref]: 'KEY-1' }) });
    const credentials = Object.fromEntries(client.opened.map((session) => [session.source, session.access.credentials]));
    assert.deepEqual(credentials, { openalex: { apiKey: 'KEY-1' }, semantic_scholar: {}, opencitations: {} });
  });

  it('warns of a keyless fallback as the search does (issue 24, row 8)', async () => {
    const settings = settingsWith({
      openalex: { enabled: true, apiKeyRef: secretReference(3) },
      semantic_scholar: { enabled: true, apiKeyRef: secretReference(4) },
    });
    const missing = ok((await run(CITATIONS, DOI_WORK, {}, { settings, secrets: FakeSecretStore.withSecrets({ [secretReference(3)]: 'KEY-1' }) })).outcome);
    assert.ok(missing.diagnostics.warnings.includes('semantic_scholar: key_missing (searched keyless)'));
    assert.ok(!missing.diagnostics.warnings.some((warning: string) => warning.startsWith('openalex: ') && warning.endsWith('(searched keyless)')));
    const noStore = ok((await run(CITATIONS, DOI_WORK, {}, { settings, secrets: FakeSecretStore.unavailable() })).outcome);
    assert.ok(noStore.diagnostics.warnings.includes('openalex: secret_store_unavailable (searched keyless)'));
  });

  it('resolves an OpenAlex id at OpenAlex, then Semantic Scholar by the DOI it learned, and merges the work', async () => {
    const { outcome, client } = await run(
      REFERENCES,
      { work: 'https://openalex.org/w123' },
      {
        openalex: {
          work: fakeWork({ openalex: 'W123', doi: '10.7777/work' }, { record: { title: 'The work', doi: '10.7777/work', identifiers: { openalex: 'W123' } } }),
        },
        semantic_scholar: {
          work: fakeWork(
            { semantic_scholar: 'c'.repeat(40) },
            { record: { title: 'The work', doi: '10.7777/WORK', identifiers: { semantic_scholar: 'c'.repeat(40) } } },
          ),
        },
      },
    );
    const result = ok(outcome);
    assert.deepEqual(client.calls.slice(0, 2), ['openalex.resolve(openalex)', 'semantic_scholar.resolve(doi)']);
    assert.deepEqual(result.work.identifiers, { openalex: 'W123', semantic_scholar: 'c'.repeat(40) });
    assert.deepEqual(result.work.providers, ['openalex', 'semantic_scholar']);
    assert.deepEqual(result.diagnostics.providers.crossref, { status: 'not_found', count: 0, requests: 1, warning: 'crossref: work not found' });
    assert.ok(result.diagnostics.warnings.includes(NO_EDGES_WARNING));
  });

  it('says when no source knows the work, each not_found with a warning', async () => {
    const { outcome } = await run(CITATIONS, { work: 'W42' }, {});
    const result = ok(outcome);
    assert.equal(result.status, 'warning');
    assert.equal(result.work, undefined);
    assert.equal(result.diagnostics.providers.openalex.status, 'not_found');
    // Semantic Scholar and OpenCitations take no OpenAlex id, and no DOI was learned: never asked, never "not found".
    for (const source of ['semantic_scholar', 'opencitations'])
      assert.deepEqual(result.diagnostics.providers[source], {
        status: 'not_asked',
        reason: 'no_identifier',
        count: 0,
        requests: 0,
        warning: `${source}: not asked (no_identifier)`,
      });
    assert.ok(result.diagnostics.warnings.includes(WORK_NOT_FOUND_WARNING));
  });

  it('says a source was not reached, never not found, when the source that could give its identifier failed (issue 24, row 8)', async () => {
    const { outcome, client } = await run(CITATIONS, { work: 'W42' }, { openalex: { failure: 'transport_error' } });
    const result = ok(outcome);
    assert.deepEqual(client.calls, ['openalex.resolve(openalex)']);
    assert.deepEqual([result.status, result.diagnostics.status], ['error', 'failed']);
    assert.equal(result.diagnostics.providers.openalex.status, 'error');
    for (const source of ['semantic_scholar', 'opencitations']) {
      assert.equal(result.diagnostics.providers[source].status, 'not_asked');
      assert.equal(result.diagnostics.providers[source].reason, 'not_reached');
    }
    assert.ok(!JSON.stringify(result).includes('not_found') && !JSON.stringify(result).includes('work not found'));
  });

  it('says so when no source could be asked at all', async () => {
    const result = ok((await run(CITATIONS, { work: 'W42', providers: ['opencitations'] }, {})).outcome);
    assert.deepEqual(result.diagnostics.providers.opencitations.status, 'not_asked');
    assert.ok(result.diagnostics.warnings.includes(NO_SOURCE_ASKED_WARNING));
  });

  it('orders each page by newest or most cited, unknown values last, and filters by years (works without a year left out)', async () => {
    const sources = { opencitations: { citations: [...edges(0, 5), { doi: '10.7777/noyear' }] } };
    const newest = ok((await run(CITATIONS, { ...DOI_WORK, sort: 'newest', providers: ['opencitations'] }, sources)).outcome);
    assert.deepEqual(
      newest.edges.map((edge: any) => edge.record.year ?? null),
      [2004, 2003, 2002, 2001, 2000, null],
    );
    const cited = ok((await run(CITATIONS, { ...DOI_WORK, sort: 'most_cited', providers: ['opencitations'] }, sources)).outcome);
    assert.deepEqual(
      cited.edges.map((edge: any) => edge.record.cited_by_count ?? null),
      [4, 3, 2, 1, 0, null],
    );
    const years = ok((await run(CITATIONS, { ...DOI_WORK, from_year: 2001, to_year: 2003, providers: ['opencitations'] }, sources)).outcome);
    assert.deepEqual(
      years.edges.map((edge: any) => edge.record.year),
      [2001, 2002, 2003],
    );
  });

  it('looks DOI-only works up at Crossref when OpenAlex is off, at most five a page, and keeps the rest DOI-only', async () => {
    const settings = onlyEnabled({ crossref: { enabled: true } });
    const dois = Array.from({ length: 8 }, (_, i) => ({ doi: `10.7777/${i}` }));
    const lookups = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`10.7777/${i}`, fakeRecord(i)]));
    const { outcome, client } = await run(
      REFERENCES,
      DOI_WORK,
      { opencitations: { references: dois }, crossref: { work: fakeWork({ doi: '10.7777/work' }), lookups } },
      { settings },
    );
    const result = ok(outcome);
    assert.equal(client.calls.filter((call) => call.startsWith('crossref.lookup')).length, 5);
    assert.equal(result.edges.filter((edge: any) => edge.doi_only === true).length, 3);
    assert.deepEqual(result.edges[0].record.providers, ['crossref']);
    assert.deepEqual(result.edges[0].providers, ['opencitations']);
    assert.deepEqual(result.diagnostics.metadata_lookups, { provider: 'crossref', asked: 5, found: 5, requests: 5 });
  });

  it(`reads at most ${MAX_NEW_ROUNDS_PER_CALL} new rounds a call, and stops the crawl at ${MAX_CRAWL_ROUNDS} rounds with a warning`, async () => {
    const sources = { opencitations: { citations: edges(0, 1200).map((edge) => ({ ...edge, record: { ...edge.record, year: 1500 } })) } };
    const capped = ok((await run(CITATIONS, { ...DOI_WORK, providers: ['opencitations'], from_year: 2000 }, sources)).outcome);
    assert.equal(capped.edges.length, 0, 'the filter leaves nothing in the first rounds');
    assert.ok(capped.next_cursor, 'the crawl can go on from the next call');
    const deep = { opencitations: { citations: edges(0, (MAX_CRAWL_ROUNDS + 1) * 100) } };
    const client = new FakeCitationGraphClient(deep);
    let cursor: string | undefined;
    let last: any;
    const overrides = { configSource: FakeConfigSource.available(ALL_ON), citationGraphClient: client, sealedTokens: new AesGcmSealedTokens() };
    for (let page = 0; page < 60; page++) {
      last = ok(
        await runUseCase(
          CITATIONS,
          { ...DOI_WORK, providers: ['opencitations'], limit: 200, ...(cursor === undefined ? {} : { cursor }) },
          overrides,
          quietContext(),
        ),
      );
      cursor = last.next_cursor;
      if (cursor === undefined) break;
    }
    assert.equal(cursor, undefined);
    assert.ok(last.diagnostics.warnings.includes(DEPTH_WARNING));
  });
});
