import { readCitationGraph } from '../domain/citation-graph/citation-graph.js';
import { citationsInput, graphMessagePrecedence, referencesInput, type GraphArguments } from '../domain/citation-graph/graph-input.js';
import { graphOutput } from '../domain/citation-graph/graph-output.js';
import type { ToolAnnotations } from '../domain/shared/tool-entry.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { CitationGraphClientId, type GraphDirection } from '../ports/citation-graph.port.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { SealedTokensId } from '../ports/sealed-tokens.port.js';
import { SecretStoreId } from '../ports/secret-store.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/** The graph tools read the open world and never change anything (idempotent: the same page for the same call). */
const GRAPH_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };

const INPUTS = { references: referencesInput, citations: citationsInput } as const;

/**
 * The use case of one direction (docs/tools.md#the-citation-graph): the client is asked only
 * when a source is attempted; the merge of each crawl round runs in time slices
 * (docs/provider-data.md).
 */
const graphRecipe = <const K extends string>(name: K, direction: GraphDirection) =>
  useCaseRecipe(name, [ConfigSourceId, SecretStoreId, CitationGraphClientId, SealedTokensId, TimeSlicesId], (config, secrets, graph, tokens, slices) =>
    defineUseCase({
      input: INPUTS[direction],
      output: graphOutput,
      messagePrecedence: graphMessagePrecedence,
      execute: (args, context) =>
        readCitationGraph(direction, args as GraphArguments, { config, secrets, graph, tokens, pace: (work, signal) => slices.run(work, signal) }, context),
    }),
  );

/** `qiongli_literature_references`: backward snowballing (opt-in in Lite, group graph). */
export const referencesTool = toolSlice({
  entry: {
    name: 'qiongli_literature_references',
    title: 'Works a paper cites',
    description:
      'The works a paper cites (backward snowballing), merged from OpenAlex, Semantic Scholar, OpenCitations and Crossref with the sources of each edge. work: a DOI, OpenAlex W id, Semantic Scholar id, PMID:<n> or arXiv:<id>. One page of edges (record, contexts, intents, influential), next_cursor, diagnostics.',
    group: 'graph',
    widenedBy: ['limit'],
    annotations: GRAPH_ANNOTATIONS,
  },
  instruction: { step: 'follow the works a paper cites with qiongli_literature_references' },
  useCase: graphRecipe('literatureReferences', 'references'),
});

/** `qiongli_literature_citations`: forward snowballing (opt-in in Lite, group graph). */
export const citationsTool = toolSlice({
  entry: {
    name: 'qiongli_literature_citations',
    title: 'Works that cite a paper',
    description:
      'The works that cite a paper (forward snowballing), merged from OpenAlex, Semantic Scholar and OpenCitations with the sources of each edge. work as for qiongli_literature_references. One page of edges, next_cursor, diagnostics with totals; focus with sort and from_year/to_year.',
    group: 'graph',
    widenedBy: ['limit'],
    annotations: GRAPH_ANNOTATIONS,
  },
  instruction: { step: 'find the works that cite a paper with qiongli_literature_citations' },
  useCase: graphRecipe('literatureCitations', 'citations'),
});
