import type { GraphSourceId, ResolvedWork } from '../../ports/citation-graph.port.js';
import { success, type ProviderResult } from '../provider-http/provider-failure.js';
import { tierPacing } from '../provider-http/tier-pacing.js';
import { CrossrefGraph } from './crossref-graph.js';
import { OpenAlexGraph, type OpenAlexWork } from './openalex-graph.js';
import { OpenCitationsGraph } from './opencitations.js';
import { SemanticScholarGraph } from './semantic-scholar-graph.js';
import { NO_EDGES, type SourceProtocol } from './source-protocol.js';

/** OpenCitations is paced like Crossref: one request start per second (it publishes no limit; a call sends one). */
const OPENCITATIONS_INTERVAL_MS = 1000;

const nothing = <T>(): Promise<ProviderResult<T | undefined>> => Promise.resolve(success(undefined));

/** The port's view of an OpenAlex work (its `referenced_works` stay in the adapter). */
const portWork = (work: OpenAlexWork | undefined): ResolvedWork | undefined =>
  work === undefined
    ? undefined
    : {
        record: work.record,
        ids: work.ids,
        ...(work.referenceTotal === undefined ? {} : { referenceTotal: work.referenceTotal }),
        ...(work.citationTotal === undefined ? {} : { citationTotal: work.citationTotal }),
      };

const openAlex = new OpenAlexGraph();
const semanticScholar = new SemanticScholarGraph();
const openCitations = new OpenCitationsGraph();
const crossref = new CrossrefGraph();

/**
 * Each source as a session drives it. The three search providers are paced in their search
 * lanes at their search intervals (the kernel's one tier table, so both tools always agree);
 * OpenCitations has a lane of its own.
 */
export const SOURCE_PROTOCOLS: Readonly<Record<GraphSourceId, SourceProtocol>> = {
  openalex: {
    intervalMs: tierPacing('openalex'),
    resolve: async (work, context) => {
      const answer = await openAlex.resolve(work, context);
      return answer.ok ? success(portWork(answer.value)) : answer;
    },
    chunk: (direction, ids, index, context) => {
      if (ids.openalex === undefined) return Promise.resolve(success(NO_EDGES));
      return direction === 'references' ? openAlex.references(ids.openalex, index, context) : openAlex.citations(ids.openalex, index, context);
    },
    lookup: (doi, context) => openAlex.lookup(doi, context),
  },
  semantic_scholar: {
    intervalMs: tierPacing('semantic_scholar'),
    resolve: (work, context) => semanticScholar.resolve(work, context),
    chunk: (direction, ids, index, context) =>
      ids.semantic_scholar === undefined ? Promise.resolve(success(NO_EDGES)) : semanticScholar.chunk(direction, ids.semantic_scholar, index, context),
    lookup: () => nothing(),
  },
  opencitations: {
    intervalMs: () => OPENCITATIONS_INTERVAL_MS,
    resolve: () => nothing(),
    chunk: (direction, ids, index, context) => openCitations.chunk(direction, ids, index, context),
    lookup: () => nothing(),
  },
  crossref: {
    intervalMs: tierPacing('crossref'),
    resolve: (work, context) => crossref.resolve(work, context),
    chunk: (direction, ids, index, context) => (direction === 'references' ? crossref.references(ids.doi, index, context) : Promise.resolve(success(NO_EDGES))),
    lookup: async (doi, context) => {
      const answer = await crossref.work(doi, context);
      return answer.ok ? success(answer.value.work?.record) : answer;
    },
  },
};
