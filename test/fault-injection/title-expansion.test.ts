import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { runInSlices } from '../../src/adapters/scheduling/time-slices.js';
import { dedupeRecords, type ProviderBatch } from '../../src/domain/literature-search/dedupe-records.js';
import { mergeSearchResultsStepwise } from '../../src/domain/literature-search/merge-search-results.js';
import { MAX_KEY_UNITS } from '../../src/domain/literature-search/bounded-normal-form.js';
import { MAX_TEXT_BYTES } from '../../src/adapters/provider-http/record-fields.js';
import { busyBlock, CONTRACT_MS, describeSamples, probeUntilWithin } from './provider-lag-probe.js';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;

/** The most records a five-provider search merges: 100 from OpenAlex and Semantic Scholar, 200 from the others. */
const PAGE: Record<ProviderBatch['provider'], number> = { openalex: 100, semantic_scholar: 100, crossref: 200, pubmed: 200, arxiv: 200 };

/**
 * A five-provider search whose every title is `unit` repeated to the 16 KiB title bound, after a
 * distinct head (so nothing merges). U+FDFA is 3 bytes and NFKC makes it 18 characters (issue 19,
 * row 4). Titles are copied through a Buffer so they are flat strings, as a parser delivers them.
 */
function expandingSearch(unit: string): ProviderBatch[] {
  return Object.entries(PAGE).map(([provider, count]) => ({
    provider: provider as ProviderBatch['provider'],
    records: Array.from({ length: count }, (_, index) => {
      const head = `${provider} ${index} `;
      const title = head + unit.repeat(Math.floor((MAX_TEXT_BYTES - Buffer.byteLength(head)) / Buffer.byteLength(unit)));
      return { title: Buffer.from(title).toString('utf8'), year: 2020 };
    }),
  }));
}

/** Heap bytes still used after a full collection. */
const retainedHeap = (): number => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

describe('titles that NFKC expands 18× (U+FDFA) at the 16 KiB bound (issue 19, row 4)', { timeout: 300_000 }, () => {
  it(`a full five-provider search is merged in steps, the longest block within ${CONTRACT_MS} ms in one of up to five runs`, async (t) => {
    const batches = expandingSearch('\ufdfa');
    // Busy blocks (wall capped by CPU time), as the export lag test measures them: this test
    // allocates ~100 MiB, and on a loaded 2-core machine its wall gaps mostly measure scheduling.
    const samples = await probeUntilWithin(() => runInSlices(mergeSearchResultsStepwise(batches, 'peace be upon him', 1000)), CONTRACT_MS, 5, busyBlock);
    const described = describeSamples(samples, CONTRACT_MS, busyBlock);
    t.diagnostic(`longest block ${described}`);
    assert.equal(samples.at(-1)!.result.length, 800, 'every record kept, none merged');
    assert.ok(samples.at(-1)!.longestBusyMs <= CONTRACT_MS, `longest block ${described}`);
  });

  it('the merged records keep bounded keys: under 24 MiB of heap for 800 records (about 500 MiB when keys were unbounded)', (t) => {
    const batches = expandingSearch('\ufdfa');
    const baseline = retainedHeap();
    const merged = dedupeRecords(batches);
    const retained = retainedHeap() - baseline;
    assertBoundedKeys(merged);
    t.diagnostic(`retained ${(retained / MiB).toFixed(1)} MiB`);
    assert.ok(retained < 24 * MiB, `retained ${(retained / MiB).toFixed(1)} MiB`);
    assert.equal(merged.length, 800);
  });
});

/** Every title key is bounded by its normal form's bound. */
function assertBoundedKeys(merged: ReturnType<typeof dedupeRecords>): void {
  for (const record of merged) assert.ok(record.titleKey.compactLength <= MAX_KEY_UNITS, `key of ${record.titleKey.compactLength} units`);
}
