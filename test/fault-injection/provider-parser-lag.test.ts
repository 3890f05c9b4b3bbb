import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crossrefWorkRecords } from '../../src/adapters/provider-client/crossref.js';
import type { RecordOptions } from '../../src/adapters/provider-http/record-fields.js';
import { BODY_BOUND, allProviderBodies, type ParserName } from './provider-hostile-bodies.js';
import { CONTRACT_MS, describeSamples, probeUntilWithin } from './provider-lag-probe.js';
import {
  inSlices,
  parseArxivResponse,
  parseCrossrefResponse,
  parseOpenAlexResponse,
  parsePubMedSearchResponse,
  parsePubMedSummaryResponse,
  parseSemanticScholarResponse,
} from '../support/provider-parsing.js';

/** Each parser as the client runs it: at most 200 records (100 for OpenAlex and Semantic Scholar). */
const PARSERS: Record<ParserName, (body: string, options?: RecordOptions) => Promise<{ ok: boolean }>> = {
  arxiv: (body, options) => parseArxivResponse(body, 200, options),
  openalex: (body, options) => parseOpenAlexResponse(body, 100, options),
  semantic_scholar: (body, options) => parseSemanticScholarResponse(body, 100, options),
  crossref: (body, options) => parseCrossrefResponse(body, 200, options),
  'crossref-work': (body, options) => inSlices(crossrefWorkRecords(body, 1, options)),
  'pubmed-search': (body) => parsePubMedSearchResponse(body, 200),
  'pubmed-summary': (body) => parsePubMedSummaryResponse(body, 200),
};

// Each body is parsed while a ticker measures the longest event-loop block; see
// provider-lag-probe.ts for why up to five attempts are taken.
describe(`provider parsers never block the event loop over ${CONTRACT_MS} ms, even on hostile 4 MiB bodies`, { timeout: 300_000 }, () => {
  for (const named of allProviderBodies()) {
    it(`${named.parser}: ${named.name} is parsed in steps, the longest block within ${CONTRACT_MS} ms in one of up to five runs`, async (t) => {
      const body = named.build();
      if (!named.realistic) assert.ok(Buffer.byteLength(body) > BODY_BOUND - 64 * 1024 && Buffer.byteLength(body) <= BODY_BOUND);
      const samples = await probeUntilWithin(() => PARSERS[named.parser](body, named.options));
      t.diagnostic(`longest block ${describeSamples(samples)}`);
      assert.ok(samples.at(-1)!.longestBlockMs <= CONTRACT_MS, `longest block ${describeSamples(samples)}`);
    });
  }
});
