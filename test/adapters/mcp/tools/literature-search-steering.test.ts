import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fromJsonSchema } from '@modelcontextprotocol/client';
import { createContainer } from '../../../../src/composition/create-container.js';
import type { ProviderRecord } from '../../../../src/ports/provider-client.port.js';
import { FakeConfigSource } from '../../../fakes/config-source.fake.js';
import { FakeProviderClient } from '../../../fakes/provider-client.fake.js';
import { connectV1InProcess } from '../../../support/in-process-v1-client.js';
import { canarySecrets, everyProviderReady } from '../../../domain/literature-search/search-harness.js';

/**
 * The v1 SDK client (which validates every structuredContent against the listed outputSchema,
 * error results included) connected in process to the composed server, whose providers are a
 * fake answering `records` from every provider.
 */
async function connectV1(providers: FakeProviderClient) {
  const container = createContainer('lite', {
    configSource: FakeConfigSource.withProviders(everyProviderReady),
    secretStore: canarySecrets(),
    providerClient: providers,
  });
  const { client } = await connectV1InProcess(container);
  const { tools } = await client.listTools(); // caches the output validators
  const tool = tools.find((candidate) => candidate.name === 'qiongli_literature_search');
  assert.ok(tool?.outputSchema);
  const validate = fromJsonSchema(tool.outputSchema as Record<string, unknown>);
  const search = async (args: Record<string, unknown>) => {
    const result = await client.callTool({ name: 'qiongli_literature_search', arguments: args });
    if (!result.isError) {
      const verdict = await validate['~standard'].validate(result.structuredContent);
      assert.ok(!('issues' in verdict && verdict.issues), 'the v2 client accepts it too');
    }
    return result as { isError?: boolean; structuredContent?: any; content: { type: string; text: string }[] };
  };
  return { client, search, inputSchema: tool.inputSchema as { properties: Record<string, unknown> } };
}

const retractedWork = (fields: Partial<ProviderRecord> = {}): ProviderRecord => ({
  title: 'Large language models in chemistry',
  doi: '10.1000/llm-chem',
  year: 2023,
  venue: 'Nature Chemistry',
  abstract: '  Large language models\n\nare used in chemistry.  ',
  cited_by_count: 10,
  open_access_url: 'https://example.org/llm.pdf',
  retracted: true,
  ...fields,
});

describe('qiongli_literature_search steering through tools/call, checked by the v1 SDK client (docs/tools.md#7-qiongli_literature_search)', () => {
  it('lists every new argument in the input schema', async () => {
    const { client, inputSchema } = await connectV1(new FakeProviderClient());
    try {
      for (const name of ['from_year', 'to_year', 'venue_filter', 'include_abstracts', 'sort', 'search_mode']) assert.ok(name in inputSchema.properties, name);
    } finally {
      await client.close();
    }
  });

  it('returns the merged new fields, abstracts on, in a result the client validates', async () => {
    const providers = new FakeProviderClient()
      .respondWith('openalex', [retractedWork({ cited_by_count: 31, retracted: undefined })])
      .respondWith('crossref', [retractedWork({ abstract: 'Crossref abstract', open_access_url: undefined })]);
    const { client, search } = await connectV1(providers);
    try {
      const result = await search({ query: 'large language models chemistry', include_abstracts: true, providers: ['openalex', 'crossref'] });
      assert.equal(result.isError, undefined);
      const [record] = result.structuredContent.results;
      assert.equal(record.abstract, 'Large language models are used in chemistry.');
      assert.equal(record.cited_by_count, 31);
      assert.equal(record.open_access_url, 'https://example.org/llm.pdf');
      assert.equal(record.retracted, true);
      assert.deepEqual(JSON.parse(result.content[0]!.text), result.structuredContent);
    } finally {
      await client.close();
    }
  });

  it('answers a call without new arguments as before, plus the always-on fields and no abstract', async () => {
    const providers = new FakeProviderClient().respondWith('crossref', [retractedWork()]);
    const { client, search } = await connectV1(providers);
    try {
      const result = await search({ query: 'large language models chemistry', providers: ['crossref'] });
      assert.deepEqual(result.structuredContent.results, [
        {
          title: 'Large language models in chemistry',
          provider: 'crossref',
          providers: ['crossref'],
          doi: '10.1000/llm-chem',
          year: 2023,
          venue: 'Nature Chemistry',
          cited_by_count: 10,
          open_access_url: 'https://example.org/llm.pdf',
          retracted: true,
        },
      ]);
      assert.equal(providers.requestTo('crossref')?.includeAbstracts, undefined);
    } finally {
      await client.close();
    }
  });

  it('runs one call per new argument with valid results: years, venue, title, doi, abstracts and each sort', async () => {
    const records = [
      retractedWork({ title: 'Old chemistry models', doi: '10.1/a', year: 2001, venue: 'J. Chem.', cited_by_count: 500 }),
      retractedWork({ title: 'New chemistry models', doi: '10.1/b', year: 2024, venue: 'Nature', cited_by_count: 2, retracted: undefined }),
      retractedWork({ title: 'Undated chemistry models', doi: '10.1/c', year: undefined, venue: undefined, cited_by_count: undefined }),
    ];
    const providers = new FakeProviderClient().respondWith('crossref', records).respondWith('openalex', [records[1]!]);
    const { client, search } = await connectV1(providers);
    const titles = (result: { structuredContent?: any }) => result.structuredContent.results.map((record: { title: string }) => record.title);
    const base = { query: 'chemistry models', providers: ['crossref'] };
    try {
      assert.deepEqual(titles(await search({ ...base, from_year: 2020 })), ['New chemistry models']);
      assert.deepEqual(titles(await search({ ...base, to_year: '2010' })), ['Old chemistry models']);
      assert.deepEqual(titles(await search({ ...base, venue_filter: 'nature' })), ['New chemistry models']);
      assert.deepEqual(titles(await search({ ...base, sort: 'newest' })), ['New chemistry models', 'Old chemistry models', 'Undated chemistry models']);
      assert.deepEqual(titles(await search({ ...base, sort: 'most_cited' })), ['Old chemistry models', 'New chemistry models', 'Undated chemistry models']);
      assert.equal((await search({ ...base, include_abstracts: true })).structuredContent.results[0].abstract, 'Large language models are used in chemistry.');
      const title = await search({ ...base, search_mode: 'title', include_plan: true });
      assert.equal(providers.requests.at(-1)?.searchBy, 'title');
      assert.equal(title.structuredContent.search_plan.search_mode, 'title');
      providers.respondWith('crossref', [records[1]!]); // a DOI lookup answers the one work
      const doi = await search({ query: 'https://doi.org/10.1/B', search_mode: 'doi' });
      assert.ok(providers.requests.slice(-4).every((request) => request.searchBy === 'doi' && request.query === '10.1/b'));
      assert.deepEqual(titles(doi), ['New chemistry models']);
      assert.deepEqual(doi.structuredContent.diagnostics.warnings, ['arxiv: no DOI lookup; left out of a doi search']);
      assert.equal(doi.structuredContent.diagnostics.providers.arxiv, undefined);
    } finally {
      await client.close();
    }
  });

  it('answers each invalid new argument with a static error the client accepts, echoing nothing', async () => {
    const providers = new FakeProviderClient();
    const { client, search } = await connectV1(providers);
    const canary = 'CANARY-7f3e';
    try {
      for (const [args, message] of [
        [{ from_year: canary }, 'from_year must be a four-digit year'],
        [{ to_year: 123 }, 'to_year must be between 1000 and 9999'],
        [{ from_year: 2021, to_year: 2020 }, 'from_year must be less than or equal to to_year'],
        [{ venue_filter: canary.repeat(30) }, 'venue_filter must be at most 256 characters'],
        [{ include_abstracts: canary }, 'include_abstracts must be a boolean'],
        [{ sort: canary }, 'unsupported sort'],
        [{ search_mode: 'doi', query: `${canary} is not a DOI` }, 'doi search_mode needs a DOI query'],
        [{ fromYear: 2020 }, 'Unsupported argument'],
      ] as const) {
        const result = await search({ query: 'chemistry', ...args });
        assert.equal(result.isError, true, message);
        assert.equal(result.structuredContent, undefined, 'error results carry the error as text only');
        assert.deepEqual(JSON.parse(result.content[0]!.text), {
          status: 'error',
          error_kind: 'invalid_arguments',
          reason_code: 'invalid-arguments',
          message,
        });
        assert.ok(!result.content[0]!.text.includes(canary));
      }
      assert.equal(providers.requests.length, 0, 'no provider was called');
    } finally {
      await client.close();
    }
  });
});
