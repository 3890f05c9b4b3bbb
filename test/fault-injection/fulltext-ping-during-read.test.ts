import { describe, it } from 'node:test';
import { PING_CONTRACT_MS, assertPingsWithin, pingsWithinContract } from '../support/ping-during-call.js';
import { fulltextFixture } from '../support/fulltext-sources.js';
import { LONG_VALUE_BYTES, hostileBodies, longValueBodies } from './fulltext-hostile-bodies.js';
import { readEuropePmcServing } from './fulltext-ping-harness.js';

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
      const seen = await pingsWithinContract(() => readEuropePmcServing(body));
      const result = seen.last.answer.result.structuredContent;
      t.diagnostic(`${seen.summary}; ${result.status}: ${JSON.stringify(result.attempts)}`);
      assertPingsWithin(seen, 5);
    });
  }
});
