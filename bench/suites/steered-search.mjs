// Measurement (f) of issue 12: the steered literature search, in process, on the compiled sources
// (dist/src, dist/test/fakes — `npm run build` makes both):
//   1. the response size of the largest search: five providers × 200 records with distinct DOIs
//      (1,000 results after dedupe), every record with a 2,000-character abstract, citation
//      count, open-access link and retraction flag, `include_abstracts: true`,
//      `per_provider_limit: 200`, `total_limit: 1000` — one tools/call through the composed
//      server (fake provider client, an MCP connection over an in-memory transport), in the
//      2025-06-18 revision (content text + structuredContent) and in 2025-03-26 (text only).
//      Abstracts in three scripts: English (1 byte per character), Chinese (3) and astral
//      symbols (4, the most a cleaned character can cost). Bound: 8 MiB per response.
//   2. dedupe + filter + rank + sort of those 1,000 records (the three sorts, and with year and
//      venue filters), median after warm-up; target < 5 ms.
//
//   node bench/suites/steered-search.mjs [--smoke]      # prints the rows as Markdown

import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/servers.mjs';
import { judgeSteeredSearch, renderSteeredSearch } from '../lib/steered-report.mjs';

const load = (path) => import(`${REPO_ROOT}${path}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const PROVIDERS = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'];

/** A 2,000-character abstract made of `word` repeated (with spaces), cut exactly. */
function abstractOf(word) {
  const text = [];
  let length = 0;
  while (length < 2000) {
    for (const ch of `${word} `) {
      if (length === 2000) break;
      text.push(ch);
      length++;
    }
  }
  return text.join('').replace(/ $/, 'x');
}

const SCRIPTS = {
  English: abstractOf('evidence'),
  Chinese: abstractOf('证据平台治理'),
  'astral symbols': abstractOf('𝔸𝔹ℂ𝔻'),
};

/** 200 records of one provider, DOIs distinct across providers, every steering field set. */
function providerRecords(provider, index, abstract) {
  return Array.from({ length: 200 }, (_, n) => ({
    title: `Evidence platform governance study ${index * 200 + n} on open science`,
    doi: `10.1234/qiongli.${provider}.${n}`,
    year: 2000 + ((index * 200 + n) % 25),
    venue: n % 3 === 0 ? 'Nature Communications' : 'Journal of Research Infrastructure',
    authors: [{ family: 'Doe', given: 'Jane' }, { family: 'Roe', given: 'Richard' }, { literal: 'Research Data Alliance' }],
    url: `https://example.org/works/${provider}/${n}`,
    identifiers: { openalex: `W${index * 200 + n}` },
    record_type: 'article',
    abstract,
    cited_by_count: (index * 7919 + n * 104729) % 5000,
    open_access_url: `https://example.org/pdf/${provider}/${n}.pdf`,
    ...(n % 50 === 0 ? { retracted: true } : {}),
  }));
}

async function responseSizes(smoke) {
  const { createContainer } = await load('dist/src/composition/create-container.js');
  const { ToolRegistryId } = await load('dist/src/composition/identifiers.js');
  const { mcpConnection } = await load('dist/src/composition/mcp-connection.js');
  const { FakeTransport } = await load('dist/test/fakes/transport.fake.js');
  const { FakeProviderClient } = await load('dist/test/fakes/provider-client.fake.js');
  const { FakeConfigSource } = await load('dist/test/fakes/config-source.fake.js');
  const { FakeSecretStore, secretReference } = await load('dist/test/fakes/secret-store.fake.js');
  const ref = secretReference(1);
  const rows = [];
  for (const [script, abstract] of smoke ? [['English', SCRIPTS.English]] : Object.entries(SCRIPTS)) {
    for (const revision of smoke ? ['2025-06-18'] : ['2025-06-18', '2025-03-26']) {
      const providers = new FakeProviderClient();
      PROVIDERS.forEach((provider, index) => providers.respondWith(provider, providerRecords(provider, index, abstract)));
      const container = createContainer('lite', {
        providerClient: providers,
        secretStore: FakeSecretStore.withSecrets({ [ref]: 'bench-key' }),
        configSource: FakeConfigSource.withProviders({
          openalex: { enabled: true, apiKeyRef: ref, email: 'bench@example.org' },
          semantic_scholar: { enabled: true, apiKeyRef: ref },
          crossref: { enabled: true, email: 'bench@example.org' },
          pubmed: { enabled: true, apiKeyRef: ref },
          arxiv: { enabled: true },
        }),
      });
      const transport = new FakeTransport();
      mcpConnection(container, transport, { finished() {}, failed() {} }).start();
      transport.receive({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
      });
      transport.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const args = { query: 'evidence platform governance', include_abstracts: true, per_provider_limit: 200, total_limit: 1000 };
      transport.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'qiongli_literature_search', arguments: args } });
      const deadline = Date.now() + 60_000;
      let frame;
      while ((frame = transport.sent.find((sent) => /"id":1[,}]/.test(sent.payload.slice(0, 40)))) === undefined) {
        if (Date.now() > deadline) throw new Error('no answer to the search');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const bytes = Buffer.byteLength(frame.payload, 'utf8');
      const answer = JSON.parse(frame.payload);
      const replaced = answer.error?.data?.reason_code === 'tool-output-too-large';
      // What the response would have held: the result's JSON text as content text (escaped once
      // more) and, from 2025-06-18, as structuredContent.
      const outcome = await container
        .get(ToolRegistryId)
        .find('qiongli_literature_search')
        .run(args, { signal: new AbortController().signal, reportProgress() {} });
      const text = JSON.stringify(outcome.value);
      const resultBytes = Buffer.byteLength(JSON.stringify(text), 'utf8') + (revision === '2025-03-26' ? 0 : Buffer.byteLength(text, 'utf8'));
      rows.push({ script, revision, bytes, resultBytes, results: outcome.value.results.length, replaced });
    }
  }
  return rows;
}

async function mergeTimes(iterations) {
  const { mergeSearchResults } = await load('dist/src/domain/literature-search/merge-search-results.js');
  const batches = PROVIDERS.map((provider, index) => ({ provider, records: providerRecords(provider, index, SCRIPTS.English) }));
  const variants = {
    'sort relevance': { includeAbstracts: true },
    'sort newest': { includeAbstracts: true, sort: 'newest' },
    'sort most_cited': { includeAbstracts: true, sort: 'most_cited' },
    'most_cited + years 2005–2020 + venue "nature"': { includeAbstracts: true, sort: 'most_cited', years: { from: 2005, to: 2020 }, venue: 'nature' },
  };
  const rows = [];
  for (const [name, options] of Object.entries(variants)) {
    const count = mergeSearchResults(batches, 'evidence platform governance', 1000, options).length;
    for (let warm = 0; warm < 30; warm++) mergeSearchResults(batches, 'evidence platform governance', 1000, options);
    const times = [];
    for (let iteration = 0; iteration < iterations; iteration++) {
      const started = performance.now();
      mergeSearchResults(batches, 'evidence platform governance', 1000, options);
      times.push(performance.now() - started);
    }
    rows.push({ name, count, times });
  }
  return rows;
}

/**
 * One pass of measurement (f).
 * @returns {Promise<{implemented: true, sizes: Array<{script:string, revision:string, bytes:number, results:number, replaced:boolean}>, rows: Array<{name:string, value:number, min:number, max:number, unit:string, target:string}>}>}
 */
export async function runSteeredSearch({ smoke = false } = {}) {
  const sizes = await responseSizes(smoke);
  const merges = await mergeTimes(smoke ? 10 : 300);
  return {
    implemented: true,
    sizes,
    rows: merges.map(({ name, count, times }) => ({
      name: `dedupe + filter + rank + sort of 1,000 records with abstracts, ${name} (${count} kept)`,
      value: median(times),
      min: Math.min(...times),
      max: Math.max(...times),
      unit: 'ms',
      target: '< 5',
    })),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { describeMachine, loadAverage } = await import('../lib/machine.mjs');
  const load0 = loadAverage();
  const steered = await runSteeredSearch({ smoke: process.argv.includes('--smoke') });
  const machine = describeMachine();
  const targets = judgeSteeredSearch(steered).map((row) => `| ${row.target} | ${row.measured} | ${row.met ? '**met**' : '**not met**'} |`);
  process.stdout.write(
    [
      `Generated by \`node bench/suites/steered-search.mjs\` on ${new Date().toISOString()}: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryMiB.toLocaleString('en-US')} MiB, ${machine.os}, Node ${machine.node}; load average ${load0.join(' / ')} at start, ${loadAverage().join(' / ')} at end.`,
      '',
      '| target | measured | verdict |',
      '| --- | --- | --- |',
      ...targets,
      '',
      renderSteeredSearch(steered),
      '',
    ].join('\n'),
  );
}
