import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIER_INTERVALS_MS } from '../../../src/adapters/provider-http/tier-pacing.js';
import { fixtureText } from '../provider-client/fixtures.js';
import { mockedClient, ORIGINS, trackMockAgents } from '../provider-client/mock-providers.js';
import { searchRequest } from '../provider-client/search-request.js';

const track = trackMockAgents();

/** Per provider: the list path prefix and a real list body. */
const LISTS = {
  openalex: ['/works?', 'openalex-works-title-search.json'],
  semantic_scholar: ['/graph/v1/paper/search?', 'semanticscholar-paper-search.json'],
} as const;

describe('pacing per access tier (docs/providers.md#access-tiers)', () => {
  for (const provider of ['openalex', 'semantic_scholar'] as const) {
    for (const [tier, credentials, gap] of [
      ['keyless', {}, TIER_INTERVALS_MS[provider].keyless],
      ['keyed', { apiKey: 'k-123' }, TIER_INTERVALS_MS[provider].keyed],
    ] as const) {
      it(`starts ${provider} requests ${gap} ms apart ${tier}`, async () => {
        const { agent, client, clock } = track(mockedClient());
        const [prefix, fixture] = LISTS[provider];
        agent
          .get(ORIGINS[provider])
          .intercept({ path: (path) => path.startsWith(prefix), method: 'GET' })
          .reply(200, fixtureText(fixture), { headers: { 'content-type': 'application/json' } })
          .times(2);
        for (const query of ['one', 'two']) assert.ok((await client.search(searchRequest(provider, { query, credentials }))).ok);
        assert.deepEqual(clock.sleeps, [gap]);
      });
    }
  }

  it('sets the tiers: OpenAlex 1 s keyless / 100 ms keyed, Semantic Scholar 3 s / 1 s, PubMed 334 / 100 ms, Crossref and arXiv alike in both', () => {
    assert.deepEqual(TIER_INTERVALS_MS, {
      openalex: { keyless: 1000, keyed: 100 },
      semantic_scholar: { keyless: 3000, keyed: 1000 },
      crossref: { keyless: 1000, keyed: 1000 },
      pubmed: { keyless: 334, keyed: 100 },
      arxiv: { keyless: 3000, keyed: 3000 },
    });
  });
});
