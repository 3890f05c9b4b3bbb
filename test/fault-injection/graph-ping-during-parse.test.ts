import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import { LITE_DEFAULT_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { FakeConfigSource, settingsWith } from '../fakes/config-source.fake.js';
import { PING_CONTRACT_MS, assertPingsWithin, pingDuringCall, pingsWithinContract, type PingRun } from '../support/ping-during-call.js';
import { hostileBody } from '../support/graph-world.js';

/** The hostile answers: each source's costliest shape at the 4 MiB bound, one source at a time. */
const HOSTILE: Record<string, { origin: string; body: () => string }> = {
  opencitations: {
    origin: 'https://api.opencitations.net',
    body: () => hostileBody('[', (i) => `{"citing":"omid:br/1 doi:10.1/${i} openalex:W${i}","creation":"2020-01-01"}`, ']'),
  },
  crossref: {
    origin: 'https://api.crossref.org',
    body: () => hostileBody('{"message":{"title":["T"],"reference":[', (i) => `{"DOI":"10.1/${i}","unstructured":"U ${i}"}`, ']}}'),
  },
};

/**
 * Serves one graph call whose source answers with a hostile 4 MiB body (a MockAgent: no network)
 * through the composed server, pinging while it is parsed (test/support/ping-during-call.ts).
 */
async function pingWhileParsing(source: keyof typeof HOSTILE): Promise<PingRun> {
  const agent = new MockAgent();
  agent.disableNetConnect();
  let servedAt = Number.POSITIVE_INFINITY;
  const body = HOSTILE[source]!.body();
  agent
    .get(HOSTILE[source]!.origin)
    .intercept({ path: () => true, method: 'GET' })
    .reply(
      200,
      () => {
        servedAt = performance.now();
        return body;
      },
      { headers: { 'content-type': 'application/json' } },
    );
  const settings = settingsWith({ crossref: { enabled: source === 'crossref' } });
  const container = createContainer('lite', {
    configSource: FakeConfigSource.available({ ...settings, sources: { ...settings.sources, opencitations: { enabled: source === 'opencitations' } } }),
    dispatcher: agent,
    grants: new Set([...LITE_DEFAULT_GROUPS, 'graph']),
  });
  const run = await pingDuringCall(container, { name: 'qiongli_literature_references', arguments: { work: '10.5555/hostile', limit: 200 } }, () => servedAt);
  await agent.close();
  return run;
}

describe('a ping during a citation-graph parse is answered within 100 ms (end to end)', { timeout: 120_000 }, () => {
  for (const source of Object.keys(HOSTILE)) {
    it(`answers pings within ${PING_CONTRACT_MS} ms while a hostile 4 MiB ${source} answer is parsed and merged`, async (t) => {
      const seen = await pingsWithinContract(() => pingWhileParsing(source));
      t.diagnostic(seen.summary);
      assert.equal(seen.last.answer.result.structuredContent.diagnostics.providers[source].status, 'ok', 'the answer was read, not refused');
      assertPingsWithin(seen, 3);
    });
  }
});
