import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import type { GraphDirection } from '../../../ports/citation-graph.port.js';
import { readCitationGraph, type CitationGraphDeps } from '../../../domain/citation-graph/citation-graph.js';
import { citationsInput, graphMessagePrecedence, referencesInput, type GraphArguments } from '../../../domain/citation-graph/graph-input.js';
import { graphOutput } from '../../../domain/citation-graph/graph-output.js';
import { runInSlices } from '../../scheduling/time-slices.js';

/** Ports the graph use cases use (the client is asked only when a source is attempted). */
export type GraphToolPorts = Omit<CitationGraphDeps, 'pace'>;

const INPUTS = { references: referencesInput, citations: citationsInput } as const;

/**
 * One graph tool (docs/tools.md#the-citation-graph): `references` for
 * `qiongli_literature_references`, `citations` for `qiongli_literature_citations`. The merge of
 * each crawl round runs in time slices (docs/provider-data.md).
 */
export const citationGraphUseCase = (direction: GraphDirection, ports: GraphToolPorts): UseCase =>
  defineUseCase({
    get input() {
      return INPUTS[direction]();
    },
    get output() {
      return graphOutput();
    },
    messagePrecedence: graphMessagePrecedence,
    execute: (args, context) => readCitationGraph(direction, args as GraphArguments, { ...ports, pace: runInSlices }, context),
  });
