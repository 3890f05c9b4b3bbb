import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import type { ProviderId } from '../../src/ports/config-source.port.js';
import { canarySecrets, everyProviderReady } from '../domain/literature-search/search-harness.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { PING_CONTRACT_MS, assertPingsWithin, pingDuringCall, pingsWithinContract, type PingRun } from '../support/ping-during-call.js';
import { arxivBodies, jsonBodies, type NamedBody } from './provider-hostile-bodies.js';

/** Where each parser's body is served from, and the search arguments that ask for it. */
const SEARCHES: Partial<Record<NamedBody['parser'], { origin: string; contentType: string; args: Record<string, unknown> }>> = {
  arxiv: { origin: 'https://export.arxiv.org', contentType: 'application/atom+xml; charset=utf-8', args: { query: 'hostile feed', providers: ['arxiv'] } },
  crossref: { origin: 'https://api.crossref.org', contentType: 'application/json', args: { query: 'hostile page', providers: ['crossref'] } },
  'crossref-work': {
    origin: 'https://api.crossref.org',
    contentType: 'application/json',
    args: { query: '10.1000/hostile', search_mode: 'doi', providers: ['crossref'] },
  },
  openalex: { origin: 'https://api.openalex.org', contentType: 'application/json', args: { query: 'hostile page', providers: ['openalex'] } },
};

/**
 * Serves a search whose answer from one provider is `named`'s body (a MockAgent: no network)
 * through the composed server, pinging while it is parsed (test/support/ping-during-call.ts).
 */
async function pingWhileParsing(named: NamedBody, body: string): Promise<PingRun> {
  const search = SEARCHES[named.parser]!;
  const provider = (search.args['providers'] as string[])[0]!;
  const agent = new MockAgent();
  agent.disableNetConnect();
  let bodyServedAt = Number.POSITIVE_INFINITY;
  agent
    .get(search.origin)
    .intercept({ path: () => true, method: 'GET' })
    .reply(
      200,
      () => {
        bodyServedAt = performance.now();
        return body;
      },
      { headers: { 'content-type': search.contentType } },
    );
  const container = createContainer('lite', {
    configSource: FakeConfigSource.withProviders({ [provider]: everyProviderReady[provider as ProviderId] }),
    secretStore: canarySecrets(),
    dispatcher: agent,
  });
  const args = { ...search.args, ...(named.options?.abstracts === true ? { include_abstracts: true } : {}) };
  const run = await pingDuringCall(container, { name: 'qiongli_literature_search', arguments: args }, () => bodyServedAt);
  await agent.close();
  return run;
}

/**
 * The arXiv feeds that cost the parser most, and every body that attacked the text steps of a
 * record (issue 19, rows 1 and 2), each with the fewest pings that must land while it is worked on
 * (a DOI lookup's single work is done in a few slices).
 */
const PROBED: [named: NamedBody, minPings: number][] = [
  ...arxivBodies()
    .filter((named) => ['minimal entries', 'empty elements'].includes(named.name))
    .map((named): [NamedBody, number] => [named, 5]),
  ...jsonBodies()
    .filter((named) => /unclosed|inverted/u.test(named.name))
    .map((named): [NamedBody, number] => [named, 1]),
];

describe('a ping during a provider parse is answered within 100 ms (end to end)', { timeout: 300_000 }, () => {
  for (const [named, minPings] of PROBED) {
    it(`answers pings within ${PING_CONTRACT_MS} ms while a hostile 4 MiB ${named.parser} body (${named.name}) is worked on`, async (t) => {
      const body = named.build();
      const seen = await pingsWithinContract(() => pingWhileParsing(named, body));
      t.diagnostic(seen.summary);
      const provider = (SEARCHES[named.parser]!.args['providers'] as string[])[0]!;
      assert.equal(seen.last.answer.result.structuredContent.diagnostics.providers[provider].status, 'ok', 'the body was parsed, not refused');
      assertPingsWithin(seen, minPings);
    });
  }
});
