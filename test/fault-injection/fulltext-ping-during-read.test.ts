import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hostileBodies } from './fulltext-hostile-bodies.js';
import { PING_CONTRACT_MS, pingRuns, readEuropePmcServing } from './fulltext-ping-harness.js';

describe('a ping during a full-text read is answered within 100 ms (end to end)', { timeout: 180_000 }, () => {
  for (const name of ['JATS: 4 MiB of empty paragraphs', 'JATS: an entity bomb (4 MiB of character references)']) {
    it(`answers pings within ${PING_CONTRACT_MS} ms while ${name} is read`, async (t) => {
      const body = hostileBodies()
        .find((candidate) => candidate.name === name)!
        .build();
      const { last, summary } = await pingRuns(() => readEuropePmcServing(body));
      t.diagnostic(`${summary}; ${last.outcome}`);
      assert.ok(last.latencies.length >= 5, `pings were sent while the document was read: ${summary}`);
      assert.ok(Math.max(...last.latencies) <= PING_CONTRACT_MS, summary);
    });
  }
});
