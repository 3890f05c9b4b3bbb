import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crossrefWork } from '../../src/adapters/citation-graph/crossref-graph.js';
import { openAlexPage, openAlexWork } from '../../src/adapters/citation-graph/openalex-graph.js';
import { openCitationsEdges } from '../../src/adapters/citation-graph/opencitations.js';
import { semanticScholarEdges } from '../../src/adapters/citation-graph/semantic-scholar-graph.js';
import { runInSlices } from '../../src/adapters/scheduling/time-slices.js';
import type { Stepwise } from '../../src/domain/shared/stepwise.js';
import { hostileBody } from '../support/graph-world.js';
import { BODY_BOUND } from './provider-hostile-bodies.js';
import { CONTRACT_MS, describeSamples, probeUntilWithin } from './provider-lag-probe.js';

/** The graph answers' costliest shapes at the 4 MiB bound, each with the parser that reads it. */
const BODIES: { name: string; build: () => string; parse: (body: string) => Stepwise<unknown> }[] = [
  {
    name: 'OpenAlex work with 4 MiB of referenced_works',
    build: () => hostileBody('{"id":"https://openalex.org/W1","display_name":"T","referenced_works":[', (i) => `"https://openalex.org/W${i}"`, ']}'),
    parse: (body) => openAlexWork(body, {}),
  },
  {
    name: 'OpenAlex list page of minimal works',
    build: () => hostileBody('{"meta":{"count":1},"results":[', (i) => `{"display_name":"T ${i}","publication_year":2021}`, ']}'),
    parse: (body) => openAlexPage(body, {}),
  },
  {
    name: 'Semantic Scholar page of minimal citations with contexts',
    build: () => hostileBody('{"data":[', (i) => `{"contexts":["c","c","c","c"],"intents":["x"],"citingPaper":{"title":"T ${i}"}}`, ']}'),
    parse: (body) => semanticScholarEdges(body, 'citations', {}),
  },
  {
    name: 'OpenCitations list of minimal citations',
    build: () => hostileBody('[', (i) => `{"citing":"omid:br/1 doi:10.1/${i} openalex:W${i}","creation":"2020-01-01"}`, ']'),
    parse: (body) => openCitationsEdges(body, 'citations'),
  },
  {
    name: 'Crossref work with a 4 MiB reference list',
    build: () => hostileBody('{"message":{"title":["T"],"reference":[', (i) => `{"DOI":"10.1/${i}","unstructured":"U ${i}"}`, ']}}'),
    parse: (body) => crossrefWork(body, {}),
  },
];

describe(`graph parsers never block the event loop over ${CONTRACT_MS} ms on hostile 4 MiB answers`, { timeout: 300_000 }, () => {
  for (const { name, build, parse } of BODIES) {
    it(`${name}: parsed in steps, the longest block within ${CONTRACT_MS} ms`, async (t) => {
      const body = build();
      assert.ok(Buffer.byteLength(body) > BODY_BOUND - 64 * 1024 && Buffer.byteLength(body) <= BODY_BOUND);
      const samples = await probeUntilWithin(() => runInSlices(parse(body)));
      t.diagnostic(`longest block ${describeSamples(samples)}`);
      assert.ok((samples.at(-1)!.result as { ok: boolean }).ok, 'the body was read, not refused');
      assert.ok(samples.at(-1)!.longestBlockMs <= CONTRACT_MS, `longest block ${describeSamples(samples)}`);
    });
  }
});
