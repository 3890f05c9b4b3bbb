import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SEED, SyntheticWorld, type Fault } from '../support/graph-world.js';
import { graphResult, startGraphServer, until } from '../support/graph-server.js';
import { request, toolErrorOf } from '../support/messages.js';
import { TIER_INTERVALS_MS } from '../../src/adapters/provider-http/tier-pacing.js';

const CITATIONS = 'qiongli_literature_citations';
const REFERENCES = 'qiongli_literature_references';

/** Every edge world source lists the first twenty citing works. */
const twenty = Array.from({ length: 20 }, (_, i) => i);
const world = () =>
  new SyntheticWorld(
    { openalex: twenty, semantic_scholar: twenty, opencitations: twenty },
    { openalex: twenty, semantic_scholar: twenty, opencitations: twenty, crossref: twenty },
  );

const KIND_OF: Record<Exclude<Fault, 'hostile'>, string> = { rate_limited: 'rate_limited', hang: 'timeout', oversize: 'decode_error' };

/** The constant request prefixes per host (docs/providers.md#the-citation-graph). */
const PREFIXES: Record<string, string> = {
  'api.openalex.org': '/works',
  'api.semanticscholar.org': '/graph/v1/paper/',
  'api.opencitations.net': '/index/v2/',
  'api.crossref.org': '/works/',
};

describe('the citation graph when one source fails', () => {
  for (const [fault, kind] of Object.entries(KIND_OF) as [Exclude<Fault, 'hostile'>, string][]) {
    for (const host of ['api.openalex.org', 'api.semanticscholar.org', 'api.opencitations.net']) {
      const source = host === 'api.openalex.org' ? 'openalex' : host === 'api.semanticscholar.org' ? 'semantic_scholar' : 'opencitations';
      it(`${source} answering ${fault} leaves the others' edges and a ${kind} diagnostic`, async () => {
        const failing = world();
        failing.faults.set(host, fault);
        // A short budget for the hung source (2 s longer than S2's keyless pacing gap, which the others' requests still wait for).
        const server = await startGraphServer(failing.route, fault === 'hang' ? { requestMs: TIER_INTERVALS_MS.semantic_scholar.keyless + 2000 } : {});
        try {
          const result = graphResult(await server.call(CITATIONS, { work: SEED.doi }));
          assert.equal(result.status, 'warning');
          assert.equal(result.diagnostics.status, 'partial');
          assert.equal(result.diagnostics.providers[source].status, 'error');
          assert.equal(result.diagnostics.providers[source].error_kind, kind);
          assert.ok(result.diagnostics.warnings.includes(`${source}: ${kind}`));
          assert.equal(result.edges.length, 20, 'the other sources still give every edge');
          for (const other of ['openalex', 'semantic_scholar', 'opencitations'].filter((id) => id !== source)) {
            assert.equal(result.diagnostics.providers[other].status, 'ok', other);
            assert.equal(result.diagnostics.providers[other].count, 20, other);
          }
          assert.ok(result.edges.every((edge: any) => !edge.providers.includes(source)));
        } finally {
          await server.close();
        }
      });
    }
  }

  it('every source failing is an error result with each one diagnosed, not a tool error', async () => {
    const failing = world();
    for (const host of ['api.openalex.org', 'api.semanticscholar.org', 'api.opencitations.net', 'api.crossref.org']) failing.faults.set(host, 'rate_limited');
    const server = await startGraphServer(failing.route);
    try {
      const result = graphResult(await server.call(REFERENCES, { work: SEED.doi }));
      assert.equal(result.status, 'error');
      assert.equal(result.diagnostics.status, 'failed');
      assert.deepEqual(Object.keys(result.diagnostics.providers), ['openalex', 'semantic_scholar', 'opencitations', 'crossref']);
      assert.deepEqual(result.edges, []);
    } finally {
      await server.close();
    }
  });
});

describe('cancelling a graph call', () => {
  it('aborts every provider request in flight (the loopback sees each socket close) and sends no answer', async () => {
    const hanging = world();
    for (const host of ['api.openalex.org', 'api.semanticscholar.org', 'api.opencitations.net']) hanging.edgeFaults.set(host, 'hang');
    const server = await startGraphServer(hanging.route);
    try {
      server.send(CITATIONS, { work: SEED.doi }, 'graph-1');
      const edgeRequests = () =>
        server.loopback.requests.filter((seen) => seen.path.includes('cites') || seen.path.includes('/citations') || seen.host === 'api.opencitations.net');
      await until(() => edgeRequests().length === 3);
      const closed = server.loopback.hungSocketsClosed(3);
      server.transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'graph-1' } });
      await closed;
      server.transport.receive(request('ping-1', 'ping'));
      await until(() => server.transport.responseTo('ping-1') !== undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(server.transport.responseTo('graph-1'), undefined);
    } finally {
      await server.close();
    }
  });
});

describe('hostile work identifiers', () => {
  const hostile = [
    '10.1234/../../admin',
    '10.1234/./x/../../y',
    '10.1234/%2F..%2F..%2Fadmin',
    '10.1234/a?x=1#frag',
    `10.1234/${'x'.repeat(2030)}`,
    '10.1234/@evil.example/x',
    '10.1234/\\..\\x',
    'https://doi.org/10.1234/..%2f..',
  ];

  it('never change a host or a path prefix, whatever reaches a URL', async () => {
    const server = await startGraphServer(world().route);
    try {
      for (const work of hostile) {
        for (const tool of [REFERENCES, CITATIONS]) {
          const response = await server.call(tool, { work });
          assert.equal(response.result.isError, undefined, work.slice(0, 40));
        }
      }
      assert.ok(server.loopback.requests.length > 20);
      for (const seen of server.loopback.requests) {
        const prefix = PREFIXES[seen.host];
        assert.ok(prefix !== undefined, `unexpected host ${seen.host}`);
        assert.ok(seen.path.startsWith(prefix), seen.path.slice(0, 80));
        // The server saw the path as sent: no dot segment a URL parser could resolve upwards.
        assert.equal(new URL(seen.path, 'https://loopback').pathname, seen.path.split('?')[0]);
        assert.ok(
          !seen.path
            .split('?')[0]!
            .split('/')
            .some((segment) => segment === '..' || segment === '.'),
        );
      }
    } finally {
      await server.close();
    }
  });

  it('refuses a NUL, control characters, spaces or a non-identifier with a static message and sends nothing', async () => {
    const server = await startGraphServer(world().route);
    try {
      for (const work of ['10.1234/a\u0000b', '10.1234/a\nb', '10.1234/a b', 'W12/../x', 'not a work', '11.1234/x', 'PMID:12a', `arXiv:${'9'.repeat(70)}`]) {
        const error = toolErrorOf((await server.call(CITATIONS, { work })).result);
        assert.equal(error.error_kind, 'invalid_arguments');
        assert.match(error.message, /^work must be a DOI, an OpenAlex work id/u);
        assert.ok(!error.message.includes(work));
      }
      const tooLong = toolErrorOf((await server.call(CITATIONS, { work: `10.1/${'x'.repeat(5000)}` })).result);
      assert.equal(tooLong.message, 'work exceeds the byte limit');
      assert.equal(server.loopback.requests.length, 0);
    } finally {
      await server.close();
    }
  });
});
