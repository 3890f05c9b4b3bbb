import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fulltextFixture } from '../support/fulltext-sources.js';
import { PING_CONTRACT_MS, assertPingsWithin, pingsWithinContract } from '../support/ping-during-call.js';
import { pingWhileReading, readEuropePmcServing, readOutcome } from './fulltext-ping-harness.js';

/**
 * Small provider fields that pattern checks once took quadratic time over, in one step (issue 29,
 * row 1): a 49 KiB DOI (`10.` and a run of `/` that fails at its end) blocked the server 1.5 s,
 * a 24 KiB `tex-math` of `$` 1 s. Each body holds the field, repeated, and many small elements,
 * so the read lasts long enough for pings to be sent during it; a ping must still be answered within 100 ms.
 */
const HOSTILE_DOI = `10.${'/'.repeat(49 * 1024)} x`;
const REPEATS = 4;
/** Many small elements after the fields: a read that takes long enough for several pings. */
const PADDING = '<p>Text.</p>'.repeat(150_000);

const JATS_DOIS = `<article><front><article-meta>${`<article-id pub-id-type="doi">${HOSTILE_DOI}</article-id>`.repeat(REPEATS)}</article-meta></front><body><sec><title>One</title>${PADDING}</sec></body></article>`;
const JATS_DOLLARS = `<article><body><sec><title>One</title>${`<p>A formula <inline-formula><tex-math>x${'$'.repeat(24 * 1024)}x</tex-math></inline-formula>.</p>`.repeat(2 * REPEATS)}${PADDING}</sec></body></article>`;
const ARXIV_RECORD = `<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><GetRecord><record><metadata><arXiv xmlns="http://arxiv.org/OAI/arXiv/"><id>2609.04321</id><doi>${HOSTILE_DOI}</doi><abstract>${PADDING}</abstract><license>http://creativecommons.org/licenses/by/4.0/</license></arXiv></metadata></record></GetRecord></OAI-PMH>`;

/** A paper whose Europe PMC full text is `body`. */
const europePmcServing = (body: string) => () => readEuropePmcServing(body);

/** An arXiv paper with its real-shaped page, whose OAI-PMH record is `record`. */
const arxivServing = (record: string) => () =>
  pingWhileReading('arXiv:2609.04321', (agent, served) => {
    agent
      .get('https://arxiv.org')
      .intercept({ path: (path) => path.startsWith('/html/') })
      .reply(200, fulltextFixture('arxiv-html-2609.04321v1.html'), { headers: { 'content-type': 'text/html; charset=utf-8' } });
    agent
      .get('https://oaipmh.arxiv.org')
      .intercept({ path: (path) => path.startsWith('/oai?') })
      .reply(
        200,
        () => {
          served();
          return record;
        },
        { headers: { 'content-type': 'text/xml' } },
      );
  });

describe('a hostile provider field never blocks the server (issue 29, row 1)', { timeout: 300_000 }, () => {
  const cases = [
    { name: 'Europe PMC article-ids holding a 49 KiB DOI', run: europePmcServing(JATS_DOIS), status: 'ok' },
    { name: 'tex-math formulas of 24 KiB of $', run: europePmcServing(JATS_DOLLARS), status: 'ok' },
    { name: 'an arXiv record with a 49 KiB DOI', run: arxivServing(ARXIV_RECORD), status: 'ok' },
  ];
  for (const { name, run, status } of cases) {
    it(`answers pings within ${PING_CONTRACT_MS} ms while ${name} is read`, async (t) => {
      const seen = await pingsWithinContract(run);
      const outcome = readOutcome(seen.last);
      t.diagnostic(`${seen.summary}; ${outcome}`);
      assert.ok(outcome.startsWith(`${status}:`), outcome);
      assertPingsWithin(seen, 3);
    });
  }
});
