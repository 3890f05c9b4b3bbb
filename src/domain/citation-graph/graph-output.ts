import * as z from 'zod';
import { GRAPH_SOURCE_IDS } from '../../ports/citation-graph.port.js';
import { PROVIDER_FAILURE_KINDS } from '../../ports/provider-client.port.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { literatureRecordSchema } from '../shared/literature-record.js';
import { DIAGNOSTICS_STATUSES, SEARCH_STATUSES } from '../literature-search/literature-search-output.js';

/** Most contexts an edge carries, and characters kept of each (`…` marks a cut). */
export const MAX_CONTEXTS = 3;
export const MAX_CONTEXT_CHARACTERS = 500;

/**
 * A work of the graph: the literature record of docs/providers.md#the-literature-record, its
 * `provider`/`providers` naming the graph sources whose answers describe it.
 */
const graphRecordSchema = schemaOnFirstUse(() =>
  literatureRecordSchema().extend({
    provider: z.enum(GRAPH_SOURCE_IDS),
    providers: z.array(z.enum(GRAPH_SOURCE_IDS)),
  }),
);

/** One graph record. */
export type GraphRecord = z.output<ReturnType<typeof graphRecordSchema>>;

/** One edge: the work at its other end and which sources reported the edge. */
const graphEdgeSchema = schemaOnFirstUse(() =>
  z.strictObject({
    record: graphRecordSchema(),
    providers: z.array(z.enum(GRAPH_SOURCE_IDS)).describe('The sources that reported this edge (per-edge provenance).'),
    contexts: z.array(z.string()).optional().describe(`Up to ${MAX_CONTEXTS} sentences around the citation in the citing paper (Semantic Scholar).`),
    intents: z.array(z.string()).optional().describe('Why the citing paper cites: background, methodology, result (Semantic Scholar).'),
    influential: z.boolean().optional().describe('Whether Semantic Scholar judges the citation influential.'),
    doi_only: z
      .literal(true)
      .optional()
      .describe('Only the DOI of this work is known on this page (no source described it); its record holds the DOI as title.'),
  }),
);

/** One graph edge. */
export type GraphEdge = z.output<ReturnType<typeof graphEdgeSchema>>;

/** One source's diagnostic for the call. */
const sourceDiagnosticSchema = schemaOnFirstUse(() =>
  z.strictObject({
    status: z
      .enum(['ok', 'not_found', 'not_asked', 'error'])
      .describe('not_found: asked, does not know the work; not_asked: never asked (see reason), so it says nothing about the work.'),
    reason: z
      .enum(['no_identifier', 'not_reached'])
      .optional()
      .describe('Why a source was not asked: no identifier it takes is known, or the sources that could give one failed.'),
    count: z.number().int().min(0).describe('Edges on this page this source reported.'),
    total: z.number().int().min(0).optional().describe('Edges of the work as this source counts them.'),
    requests: z.number().int().min(0).describe('HTTP requests sent to this source by this call (answers from the cache are free).'),
    list_calls: z.number().int().min(0).optional().describe('OpenAlex list calls among those requests (single-work lookups are free).'),
    cached: z.literal(true).optional(),
    error_kind: z.enum(PROVIDER_FAILURE_KINDS).optional(),
    warning: z.string().optional(),
  }),
);

/** One source's diagnostic. */
export type SourceDiagnostic = z.output<ReturnType<typeof sourceDiagnosticSchema>>;

/** Diagnostics of a graph call. */
const graphDiagnosticsSchema = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(DIAGNOSTICS_STATUSES),
    status_reason: z.literal('no_active_sources').optional(),
    providers: z.partialRecord(z.enum(GRAPH_SOURCE_IDS), sourceDiagnosticSchema()),
    metadata_lookups: z
      .strictObject({
        provider: z.enum(['openalex', 'crossref']),
        asked: z.number().int().min(0),
        found: z.number().int().min(0),
        requests: z.number().int().min(0),
      })
      .optional()
      .describe('Single-work lookups of works the page knew only by DOI.'),
    warnings: z.array(z.string()),
  }),
);

/** Diagnostics of a graph call. */
export type GraphDiagnostics = z.output<ReturnType<typeof graphDiagnosticsSchema>>;

/** Result of `qiongli_literature_references` and `qiongli_literature_citations`. */
export const graphOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(SEARCH_STATUSES),
    direction: z.enum(['references', 'citations']),
    work: graphRecordSchema().optional().describe('The work, as the sources resolved it (absent when none knows it).'),
    edges: z.array(graphEdgeSchema()),
    next_cursor: z.string().optional().describe('Pass as cursor to read the next page; absent on the last page.'),
    diagnostics: graphDiagnosticsSchema(),
  }),
);

/** A graph result, as returned to the client. */
export type GraphResult = z.output<ReturnType<typeof graphOutput>>;
