import { evidenceMessagePrecedence, evidenceSnapshotInput } from '../domain/evidence-snapshot/evidence-snapshot-input.js';
import { evidenceSnapshotOutput } from '../domain/evidence-snapshot/evidence-snapshot.js';
import { deliverEvidenceSnapshot } from '../domain/evidence-snapshot/evidence-delivery.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { HeldResourcesId } from '../ports/held-resources.port.js';
import { SealedTokensId } from '../ports/sealed-tokens.port.js';
import { TextDigestsId } from '../ports/text-digests.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/**
 * `qiongli_literature_export_evidence` (docs/tools.md#8-qiongli_literature_export_evidence):
 * deterministic, strongly redacted; full-text passages among the results are checked against
 * their ids with SHA-256. Built in time slices and held as a resource the answer links
 * (docs/protocol.md#resources), or sent part by part on request.
 */
export const exportEvidenceTool = toolSlice({
  entry: {
    name: 'qiongli_literature_export_evidence',
    title: 'Export an evidence snapshot',
    description:
      'Make an auditable evidence snapshot of a search (deterministic, credential-like keys removed). It is linked as a resource with size and SHA-256 (resources/read, 30 minutes); delivery "inline" sends it in parts.',
    group: 'evidence',
    inputBudget: 'bulk',
  },
  instruction: { step: 'keep an auditable record with qiongli_literature_export_evidence' },
  useCase: useCaseRecipe('exportEvidence', [TimeSlicesId, TextDigestsId, HeldResourcesId, SealedTokensId], (slices, digests, held, tokens) => {
    const ports = { held, tokens, tool: 'qiongli_literature_export_evidence' };
    return defineUseCase({
      input: evidenceSnapshotInput,
      output: evidenceSnapshotOutput,
      messagePrecedence: evidenceMessagePrecedence,
      redaction: 'evidence',
      execute: (args, context) =>
        deliverEvidenceSnapshot(args, ports, { digest: (text) => digests.sha256Hex(text) }, (work) => slices.run(work, context.signal)),
    });
  }),
});
