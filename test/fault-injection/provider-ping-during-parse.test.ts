import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import type { ProviderId } from '../../src/ports/config-source.port.js';
import { canarySecrets, everyProviderReady } from '../domain/literature-search/search-harness.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { initialize, request } from '../support/messages.js';
import { arxivBodies, jsonBodies, type NamedBody } from './provider-hostile-bodies.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

/** The ping contract: a ping sent while a request is being worked on is answered within this. */
const PING_CONTRACT_MS = 100;
const PING_EVERY_MS = 10;

/** What one attempt saw: the latency of each ping sent once the body was served (while it was parsed). */
interface Attempt {
  readonly latencies: number[];
  readonly searchStatus: string;
}

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
 * through the composed server, and plays a client that sends a ping every 10 ms by its own clock until the search is
 * answered. A ping's latency runs from when the client meant to send it (its schedule, which a
 * blocked event loop cannot delay) to when its answer was written. Only pings sent after the
 * body was served count: the contract is about the parse (the first search of a process also
 * loads the provider adapter, a one-time cost before any body arrives).
 */
async function pingWhileParsing(named: NamedBody, body: string): Promise<Attempt> {
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
  const transport = new FakeTransport();
  const connection = mcpConnection(container, transport, {
    finished: () => undefined,
    failed: () => undefined,
  });
  connection.start();
  transport.receive(initialize(0, '2025-06-18'));
  const args = { ...search.args, ...(named.options?.abstracts === true ? { include_abstracts: true } : {}) };
  transport.receive(request(1, 'tools/call', { name: 'qiongli_literature_search', arguments: args }));

  const latencies: number[] = [];
  const start = performance.now();
  let next = 0; // the next ping the client's schedule sends
  while (transport.responseTo(1) === undefined) {
    const wait = start + next * PING_EVERY_MS - performance.now();
    await new Promise((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
    // Every ping due by now has been sent by the client (even if the search was answered in the
    // meantime) and is read in one go, as a transport reads whatever arrived while the loop was busy.
    for (const now = performance.now(); start + next * PING_EVERY_MS <= now; next++) {
      const due = start + next * PING_EVERY_MS;
      transport.receive(request(`ping-${next}`, 'ping'));
      assert.deepEqual(transport.responseTo(`ping-${next}`)?.result, {});
      if (due > bodyServedAt) latencies.push(performance.now() - due);
    }
  }
  await agent.close();
  return { latencies, searchStatus: transport.responseTo(1).result.structuredContent.diagnostics.providers[provider].status };
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
      const attempts: Attempt[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const seen = await pingWhileParsing(named, body);
        attempts.push(seen);
        if (Math.max(...seen.latencies) <= PING_CONTRACT_MS) break;
      }
      const summary = attempts.map((seen) => `${Math.max(...seen.latencies).toFixed(1)} ms max over ${seen.latencies.length} pings`);
      t.diagnostic(summary.join('; '));
      const last = attempts.at(-1)!;
      assert.equal(last.searchStatus, 'ok', 'the body was parsed, not refused');
      assert.ok(last.latencies.length >= minPings, `pings were sent while the body was worked on: ${summary.join('; ')}`);
      assert.ok(Math.max(...last.latencies) <= PING_CONTRACT_MS, summary.join('; '));
    });
  }
});
