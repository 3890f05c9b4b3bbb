import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { json, type LoopbackRoute } from '../support/loopback-graph.js';
import { REFERENCE_WORLD, referenceWorldRoute } from '../support/reference-world.js';
import { withCheckServer } from '../support/reference-check-server.js';
import { toolErrorOf } from '../support/messages.js';

/** `count` references as objects: the world's works by DOI, in turn, and invented titles between them. */
function objects(count: number): Record<string, unknown>[] {
  const known = [
    { title: 'The forecast trap', authors: ['Boettiger, Carl'], year: 2022, doi: REFERENCE_WORLD.forecastTrapDoi },
    { title: 'Augmenting large language models with chemistry tools', authors: ['Bran, Andres M.'], year: 2024, doi: REFERENCE_WORLD.chemcrowDoi },
  ];
  return Array.from({ length: count }, (_, index) =>
    index % 3 === 2 ? { title: `An invented study of lake ecology number ${index}`, authors: ['Doe, Jane'], year: 2020 } : known[index % 3]!,
  );
}

/** The world's route, with every request to the hosts named answered `status`. */
const failing =
  (hosts: readonly string[], status = 500): LoopbackRoute =>
  (request) =>
    hosts.includes(request.host) ? json({ error: 'down' }, status) : referenceWorldRoute()(request);

const ALL_HOSTS = ['api.crossref.org', 'api.openalex.org', 'api.semanticscholar.org', 'eutils.ncbi.nlm.nih.gov', 'export.arxiv.org'];

describe('pages, failures and cancellation of the reference check over MCP (docs/tools.md#the-reference-check, SPEC §13)', () => {
  it('serves 30 checks as 25 then 5: the cursor page asks no source again; every page within the 40,000-character budget', () =>
    withCheckServer({}, async ({ check, loopback }) => {
      const references = objects(30);
      const first = await check({ references });
      const page = first.structuredContent;
      assert.equal(page.checks.length, 25);
      assert.equal(page.summary.references, 30);
      assert.equal(typeof page.next_cursor, 'string');
      assert.ok(first.content[0]!.text.length < 40_000);
      const sent = loopback.requests.length;
      const second = (await check({ references, cursor: page.next_cursor })).structuredContent;
      assert.deepEqual(
        second.checks.map((entry: any) => entry.index),
        [25, 26, 27, 28, 29],
      );
      assert.equal(second.next_cursor, undefined);
      assert.deepEqual(second.summary, page.summary);
      assert.equal(loopback.requests.length, sent, 'no source asked for the second page');
      const foreign = await check({ references: objects(29), cursor: page.next_cursor });
      assert.equal(toolErrorOf(foreign).message, 'cursor is invalid or has expired; call again without cursor');
    }));

  it('keeps a page of 100 checks of 200 references under 100,000 characters', () =>
    withCheckServer({}, async ({ check }) => {
      const result = await check({ references: objects(200), page_size: 100 });
      assert.equal(result.structuredContent.summary.references, 200);
      assert.ok(result.structuredContent.checks.length > 0);
      assert.ok(result.content[0]!.text.length < 100_000, String(result.content[0]!.text.length));
    }));

  it('reports a failing source in the diagnostics and checks with the others', () =>
    withCheckServer({ route: failing(['api.openalex.org']) }, async ({ check }) => {
      const { status, checks, diagnostics } = (await check({ references: objects(3) })).structuredContent;
      assert.equal(status, 'warning');
      assert.equal(diagnostics.status, 'partial');
      assert.equal(diagnostics.providers.openalex.status, 'error');
      assert.equal(diagnostics.providers.openalex.error_kind, 'http_error');
      assert.match(diagnostics.warnings.join('\n'), /^openalex: http_error \(\d+ of \d+ questions failed\)$/mu);
      assert.deepEqual(
        checks.map((entry: any) => entry.verdict),
        ['verified', 'verified', 'not_found'],
      );
    }));

  it('leaves every reference unchecked when every source fails, and says why', () =>
    withCheckServer({ route: failing(ALL_HOSTS, 503) }, async ({ check }) => {
      const { status, checks, summary, diagnostics } = (await check({ references: objects(3) })).structuredContent;
      assert.equal(status, 'error');
      assert.equal(diagnostics.status, 'failed');
      assert.equal(summary.unchecked, 3);
      assert.ok(checks.every((entry: any) => entry.verdict === 'unchecked' && entry.confidence === 0));
      for (const source of ['crossref', 'openalex']) assert.equal(diagnostics.providers[source].error_kind, 'http_error');
    }));

  it('stops asking when the call is cancelled: no answer, and no request after the abort', () =>
    withCheckServer({ delayMs: 150 }, async ({ check, loopback }) => {
      const stop = new AbortController();
      const call = check({ references: objects(24) }, { signal: stop.signal, onprogress: () => stop.abort() });
      await assert.rejects(call);
      const abortedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 600));
      const late = loopback.requests.filter((request) => request.at > abortedAt + 50);
      assert.deepEqual(late, [], 'nothing sent after the abort');
      assert.ok(loopback.requests.length < 24, `only the first references were asked (${loopback.requests.length} requests)`);
    }));

  it("with the container's own lookups (built on first use from the shared runtime), paces Crossref one request a second", () =>
    withCheckServer({ instantPacing: false }, async ({ check, loopback }) => {
      const started = performance.now();
      const { checks, diagnostics } = (await check({ references: objects(2), providers: ['crossref'] })).structuredContent;
      assert.deepEqual(
        checks.map((entry: any) => entry.verdict),
        ['verified', 'verified'],
      );
      const crossref = loopback.requests.filter((request) => request.host === 'api.crossref.org');
      assert.equal(diagnostics.providers.crossref.requests, crossref.length, 'the requests the check counts are the ones Crossref saw');
      assert.equal(crossref.length, 3, 'two lookups, one status batch (both works already read)');
      for (let index = 1; index < crossref.length; index++) assert.ok(crossref[index]!.at - crossref[index - 1]!.at >= 990, 'one start a second');
      assert.ok(performance.now() - started >= 1980);
    }));
});
