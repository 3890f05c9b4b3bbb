import { describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { PING_CONTRACT_MS, PING_EVERY_MS, assertPingsWithin, pingDuringCall, pingsWithinContract, type PingRun } from '../support/ping-during-call.js';
import { fulltextFixture } from '../support/fulltext-sources.js';
import { LONG_VALUE_BYTES, hostileBodies, longValueBodies } from './fulltext-hostile-bodies.js';

/**
 * Reads a paper whose Europe PMC full text is `body` (a MockAgent: no network) through the
 * composed server, pinging while it is fetched and read (test/support/ping-during-call.ts); pings
 * count from one ping period after the document was served.
 */
async function pingWhileReading(body: Buffer): Promise<PingRun> {
  const agent = new MockAgent();
  agent.disableNetConnect();
  let servedAt = Number.POSITIVE_INFINITY;
  const europe = agent.get('https://www.ebi.ac.uk');
  europe
    .intercept({ path: (path) => path.includes('/search?') })
    .reply(200, fulltextFixture('europepmc-search-core-oa.json'), { headers: { 'content-type': 'application/json' } });
  europe.intercept({ path: (path) => path.endsWith('/fullTextXML') }).reply(
    200,
    () => {
      servedAt = performance.now();
      return body;
    },
    { headers: { 'content-type': 'application/xml' } },
  );
  const container = createContainer('lite', { configSource: FakeConfigSource.defaults(), dispatcher: agent, grants: new Set(ALL_CAPABILITY_GROUPS) });
  const call = { name: 'qiongli_literature_read_fulltext', arguments: { work: 'PMCID:PMC12311175' } };
  const run = await pingDuringCall(container, call, () => servedAt + PING_EVERY_MS);
  await agent.close();
  return run;
}

/** The real article PMC12311175 with its body repeated until the document is just under the 16 MiB bound (issue 24, row 12). */
function articleNearTheBound(): Buffer {
  const article = fulltextFixture('europepmc-fulltext-PMC12311175.xml');
  const start = article.indexOf('<body>') + 6;
  const end = article.indexOf('</body>');
  const copies = Math.floor((LONG_VALUE_BYTES - Buffer.byteLength(article)) / Buffer.byteLength(article.slice(start, end)));
  return Buffer.from(article.slice(0, start) + article.slice(start, end).repeat(copies + 1) + article.slice(end), 'utf8');
}

const DOCUMENTS: [name: string, build: () => Buffer][] = [
  ...hostileBodies()
    .filter((body) => ['JATS: 4 MiB of empty paragraphs', 'JATS: an entity bomb (4 MiB of character references)'].includes(body.name))
    .map((body): [string, () => Buffer] => [body.name, body.build]),
  ['a real article grown to just under the 16 MiB bound', articleNearTheBound],
  ...longValueBodies()
    .filter((body) => body.source === 'europepmc' && /CDATA|term/u.test(body.name))
    .map((body): [string, () => Buffer] => [body.name, body.build]),
];

describe('a ping during a full-text read is answered within 100 ms (end to end)', { timeout: 300_000 }, () => {
  for (const [name, build] of DOCUMENTS) {
    it(`answers pings within ${PING_CONTRACT_MS} ms while ${name} is read`, async (t) => {
      const body = build();
      const seen = await pingsWithinContract(() => pingWhileReading(body));
      const result = seen.last.answer.result.structuredContent;
      t.diagnostic(`${seen.summary}; ${result.status}: ${JSON.stringify(result.attempts)}`);
      assertPingsWithin(seen, 5);
    });
  }
});
