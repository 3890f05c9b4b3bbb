// Issue 27, row 7 (the part the sources' pacing owns): 200 references with DOIs checked through
// `tools/call`, the composed server, its own reference lookups (built on first use from the shared
// provider runtime: real undici, the real clock, the program's pacing lanes) against loopback
// sources, every answer a real body (test/fixtures/providers/crossref-work-doi.json and
// openalex-work-doi.json) with its DOI, title and id replaced for each of the 200 works. Keyless,
// as a first run is: Crossref and OpenAlex each start one request a second.
//
// The floor is what the lanes allow: per lane, (requests − 1) × its interval + one answer's
// delay; the check cannot end before its slowest lane. Reported: wall time, floor, their ratio,
// the requests per source, and the CPU the process spent meanwhile.
//
//   node bench/suites/reference-check-paced.mjs [--smoke]      # 3 references instead of 200 (JSON)

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/servers.mjs';

const load = (path) => import(pathToFileURL(join(REPO_ROOT, path)).href);
const body = (name) => JSON.parse(readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'providers', name), 'utf8'));

/** Delay of every loopback answer, ms (a near provider). */
export const ANSWER_DELAY_MS = 50;

const HOSTS = {
  crossref: 'api.crossref.org',
  openalex: 'api.openalex.org',
  semantic_scholar: 'api.semanticscholar.org',
  pubmed: 'eutils.ncbi.nlm.nih.gov',
  arxiv: 'export.arxiv.org',
};

/** `count` works, each a real body with its identity replaced, and the loopback route answering their lookups. */
function world(count, json) {
  const crossref = body('crossref-work-doi.json');
  const openalex = body('openalex-work-doi.json');
  const works = Array.from({ length: count }, (_, index) => ({ doi: `10.5555/qiongli.bench.${index}`, title: `${crossref.message.title[0]}: case ${index}` }));
  const byDoi = new Map(works.map((work) => [work.doi, work]));
  const route = ({ host, url }) => {
    const path = decodeURIComponent(url.pathname);
    if (host === HOSTS.crossref && path.startsWith('/works/')) {
      const work = byDoi.get(path.slice('/works/'.length));
      return work && json({ ...crossref, message: { ...crossref.message, DOI: work.doi, URL: `https://doi.org/${work.doi}`, title: [work.title] } });
    }
    if (host === HOSTS.crossref && path === '/works') return json({ status: 'ok', 'message-type': 'work-list', message: { 'total-results': 0, items: [] } });
    if (host === HOSTS.openalex && path.startsWith('/works/doi:')) {
      const work = byDoi.get(path.slice('/works/doi:'.length));
      const id = `https://openalex.org/W9${String(works.indexOf(work)).padStart(8, '0')}`;
      return work && json({ ...openalex, id, doi: `https://doi.org/${work.doi}`, title: work.title, display_name: work.title, locations: [] });
    }
    return undefined;
  };
  const author = crossref.message.author[0];
  const references = works.map((work) => ({ title: work.title, authors: [`${author.family}, ${author.given}`], year: 2022, doi: work.doi }));
  return { route, references };
}

/**
 * One paced check of `count` references with DOIs (fresh container, fresh lanes).
 * @returns {Promise<{references: number, wallMs: number, floorMs: number, ratio: number, cpuMs: number, requests: Record<string, number>, verified: number, delayMs: number}>}
 */
export async function pacedCheck({ count = 200 } = {}) {
  const [
    { createContainer },
    { mcpConnection },
    { FakeTransport },
    { FakeConfigSource },
    { FakeSecretStore },
    { startLoopbackGraph, json },
    { TIER_INTERVALS_MS },
  ] = await Promise.all([
    load('dist/src/composition/create-container.js'),
    load('dist/src/composition/mcp-connection.js'),
    load('dist/test/fakes/transport.fake.js'),
    load('dist/test/fakes/config-source.fake.js'),
    load('dist/test/fakes/secret-store.fake.js'),
    load('dist/test/support/loopback-graph.js'),
    load('dist/src/adapters/provider-http/tier-pacing.js'),
  ]);
  const { route, references } = world(count, json);
  const loopback = await startLoopbackGraph(route, { delayMs: ANSWER_DELAY_MS });
  try {
    const container = createContainer('lite', {
      grants: new Set(['literature', 'verify']),
      configSource: FakeConfigSource.defaults(),
      secretStore: FakeSecretStore.unavailable(),
      dispatcher: loopback.dispatcher,
    });
    const transport = new FakeTransport();
    mcpConnection(container, transport, { finished: () => undefined, failed: () => undefined }).start();
    transport.receive({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    });
    const cpu = process.cpuUsage();
    const started = performance.now();
    transport.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'qiongli_literature_check_references', arguments: { references } } });
    while (transport.responseTo(1) === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const result = transport.responseTo(1).result.structuredContent;
    const requests = Object.fromEntries(Object.entries(HOSTS).map(([source, host]) => [source, loopback.requests.filter((seen) => seen.host === host).length]));
    for (const [source, sent] of Object.entries(requests))
      if ((result.diagnostics.providers[source]?.requests ?? 0) !== sent)
        throw new Error(`${source}: the diagnostics count ${result.diagnostics.providers[source]?.requests}, the loopback saw ${sent}`);
    // Keyless lanes: each source's requests start one interval apart; the last answer takes the delay.
    const floorMs = Math.max(
      ...Object.entries(requests).map(([source, sent]) => (sent === 0 ? 0 : (sent - 1) * TIER_INTERVALS_MS[source].keyless + ANSWER_DELAY_MS)),
    );
    return {
      references: count,
      wallMs,
      floorMs,
      ratio: wallMs / floorMs,
      cpuMs: (used.user + used.system) / 1000,
      requests,
      verified: result.summary.verified,
      delayMs: ANSWER_DELAY_MS,
    };
  } finally {
    await loopback.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = await pacedCheck({ count: process.argv.includes('--smoke') ? 3 : 200 });
  process.stdout.write(`${JSON.stringify(run, null, 1)}\n`);
}
