// Measurement (d) of issue 5: search and bulk paths, in process, on the compiled sources
// (dist/src, dist/test/support — `npm run build` makes both):
//   1. qiongli_literature_search wall time with five loopback providers (127.0.0.1) that answer
//      their real fixture bodies after 100 ms each, through the composed server and real undici
//      (the Dispatcher re-targets the constant endpoints to the loopback server; PubMed is two
//      requests, esearch then esummary). Target: ≤ 1.2 × the slowest provider. A fresh
//      container per run, so the answer cache and pacing start empty.
//   2. dedupe + rank of 1,000 records (5 batches × 200, overlapping DOIs and titles), median
//      after warm-up; target ≤ 5 ms.
//   3. evidence export and Zotero export of 1,000 records (the use cases plus redaction and
//      JSON encoding, as a tools/call would do).
//   4. the longest event-loop block of each provider parser on hostile 4 MiB bodies and of the
//      bulk exports at their bounds (see bench/suites/provider-lag.mjs).

import { REPO_ROOT } from '../lib/servers.mjs';
import { runProviderLag } from './provider-lag.mjs';

/** Whether suite (d) is implemented. */
export const SEARCH_BULK_IMPLEMENTED = true;

const load = (path) => import(`${REPO_ROOT}${path}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function records(count) {
  const providers = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'];
  return Array.from({ length: count }, (_, index) => ({
    title: `Evidence platform governance study number ${index % 700} on open science`,
    doi: index % 3 === 0 ? `10.1234/QIONGLI.${index % 500}` : undefined,
    year: 2015 + (index % 10),
    venue: 'Journal of Research Infrastructure',
    authors: [{ family: 'Doe', given: 'Jane' }, { literal: 'Research Data Alliance' }],
    url: `https://example.org/works/${index}`,
    identifiers: { openalex: `W${index}` },
    record_type: index % 4 === 0 ? 'preprint' : 'article',
    provider: providers[index % 5],
    providers: [providers[index % 5]],
  }));
}

/** Wall times of a literature search over five loopback providers (the first run, loading undici, left out); (g) reuses it side by side. */
export async function searchWallTimes(runs, delayMs) {
  const { createContainer } = await load('dist/src/composition/create-container.js');
  const { ToolRegistryId } = await load('dist/src/composition/identifiers.js');
  const { startLoopbackProviders } = await load('dist/test/support/loopback-providers.js');
  const { FakeConfigSource } = await load('dist/test/fakes/config-source.fake.js');
  const { FakeSecretStore, secretReference } = await load('dist/test/fakes/secret-store.fake.js');
  const ref = secretReference(1);
  const times = [];
  for (let run = 0; run < runs; run++) {
    const loopback = await startLoopbackProviders({ delayMs });
    try {
      const container = createContainer('lite', {
        dispatcher: loopback.dispatcher,
        secretStore: FakeSecretStore.withSecrets({ [ref]: 'bench-key' }),
        configSource: FakeConfigSource.withProviders({
          openalex: { enabled: true, apiKeyRef: ref, email: 'bench@example.org' },
          semantic_scholar: { enabled: true, apiKeyRef: ref },
          crossref: { enabled: true, email: 'bench@example.org' },
          pubmed: { enabled: true, apiKeyRef: ref },
          arxiv: { enabled: true },
        }),
      });
      const tool = container.get(ToolRegistryId).find('qiongli_literature_search');
      const started = performance.now();
      const outcome = await tool.run({ query: 'large language models', search_mode: 'topic' }, { signal: new AbortController().signal, reportProgress() {} });
      const elapsed = performance.now() - started;
      if (!outcome.ok || outcome.value.status !== 'ok') throw new Error('search did not succeed on every provider');
      if (run > 0) times.push(elapsed); // the first run loads undici and warms the JIT
    } finally {
      await loopback.close();
    }
  }
  return times;
}

async function dedupeRankTimes(iterations) {
  const { mergeSearchResults } = await load('dist/src/domain/literature-search/merge-search-results.js');
  const all = records(1000);
  const batches = [0, 1, 2, 3, 4].map((batch) => ({
    provider: ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'][batch],
    records: all.slice(batch * 200, batch * 200 + 200),
  }));
  for (let warm = 0; warm < 50; warm++) mergeSearchResults(batches, 'evidence platform governance', 1000);
  const times = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    const started = performance.now();
    mergeSearchResults(batches, 'evidence platform governance', 1000);
    times.push(performance.now() - started);
  }
  return times;
}

async function exportTimes(iterations) {
  const { encodeEvidenceSnapshot } = await load('dist/src/domain/evidence-snapshot/evidence-snapshot.js');
  const { finishNow } = await load('dist/src/domain/shared/stepwise.js');
  const { exportZoteroImportFiles } = await load('dist/src/domain/zotero-export/zotero-export.js');
  const { evidenceSnapshotInput } = await load('dist/src/domain/evidence-snapshot/evidence-snapshot-input.js');
  const { zoteroExportInput } = await load('dist/src/domain/zotero-export/zotero-export-input.js');
  const { redactCredentials } = await load('dist/src/domain/shared/redaction.js');
  const results = records(1000).map(({ doi, ...rest }) => (doi ? { ...rest, doi } : rest));
  const evidence = () => {
    const args = evidenceSnapshotInput().parse({ query: 'evidence platform governance', results, diagnostics: { status: 'complete' } });
    // The snapshot is written once, as the redacted canonical text the tool sends as it is.
    return finishNow(encodeEvidenceSnapshot(args)).value.length;
  };
  const zotero = () => {
    const args = zoteroExportInput().parse({ records: results });
    const outcome = exportZoteroImportFiles(args);
    if (!outcome.ok) throw new Error('zotero export failed');
    return JSON.stringify(redactCredentials(outcome.value)).length;
  };
  const measure = (work) => {
    for (let warm = 0; warm < 3; warm++) work();
    const times = [];
    let bytes = 0;
    for (let iteration = 0; iteration < iterations; iteration++) {
      const started = performance.now();
      bytes = work();
      times.push(performance.now() - started);
    }
    return { times, bytes };
  };
  return { evidence: measure(evidence), zotero: measure(zotero) };
}

/**
 * One pass of the search and bulk measurements.
 * @returns {Promise<{implemented:boolean, rows:Array<{name:string, value:number, unit:string, target?:string, min?:number, max?:number}>}>}
 */
export async function runSearchBulk({ smoke = false } = {}) {
  const delayMs = 100;
  const search = await searchWallTimes(smoke ? 2 : 6, delayMs);
  const merge = await dedupeRankTimes(smoke ? 20 : 300);
  const exports = await exportTimes(smoke ? 2 : 15);
  const lag = await runProviderLag({ smoke });
  // The slowest provider is PubMed: two sequential round trips (esearch, then esummary).
  const slowest = 2 * delayMs;
  const row = (name, values, unit, target) => ({ name, value: median(values), min: Math.min(...values), max: Math.max(...values), unit, target });
  return {
    implemented: true,
    slowestProviderMs: slowest,
    rows: [
      row(
        'literature search, five loopback providers (100 ms each; PubMed = 2 round trips)',
        search,
        'ms',
        `≤ ${1.2 * slowest} (1.2 × slowest provider, ${slowest} ms)`,
      ),
      row('dedupe + rank of 1,000 records', merge, 'ms', '≤ 5'),
      row(`evidence export of 1,000 records (${exports.evidence.bytes} bytes of JSON)`, exports.evidence.times, 'ms', ''),
      row(`Zotero export of 1,000 records, four files (${exports.zotero.bytes} bytes of JSON)`, exports.zotero.times, 'ms', ''),
      ...lag,
    ],
  };
}
