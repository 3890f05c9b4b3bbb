import { evidenceMessagePrecedence, evidenceSnapshotInput } from '../domain/evidence-snapshot/evidence-snapshot-input.js';
import { encodeEvidenceSnapshot, evidenceSnapshotOutput } from '../domain/evidence-snapshot/evidence-snapshot.js';
import { success } from '../domain/shared/result.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { TextDigestsId } from '../ports/text-digests.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { encodedInSlices } from './encoded-in-slices.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/**
 * `qiongli_literature_export_evidence` (docs/tools.md#8-qiongli_literature_export_evidence):
 * deterministic, strongly redacted; full-text passages among the results are checked against
 * their ids with SHA-256. Built in time slices and sent as the canonical text it is
 * (docs/provider-data.md).
 */
export const exportEvidenceTool = toolSlice({
  entry: {
    name: 'qiongli_literature_export_evidence',
    title: 'Export an evidence snapshot',
    description:
      'Turn a search (query, provider status, search plan, results, diagnostics) into an auditable evidence snapshot. Side-effect free and deterministic: the same input gives the same bytes; credential-like keys are removed at any depth. Nothing is written to disk.',
    group: 'evidence',
    inputBudget: 'bulk',
  },
  instruction: { step: 'keep an auditable record with qiongli_literature_export_evidence' },
  useCase: useCaseRecipe('exportEvidence', [TimeSlicesId, TextDigestsId], (slices, digests) =>
    defineUseCase({
      input: evidenceSnapshotInput,
      output: evidenceSnapshotOutput,
      messagePrecedence: evidenceMessagePrecedence,
      redaction: 'evidence',
      execute: async (args, context) => {
        const encoded = await slices.run(encodeEvidenceSnapshot(args, { digest: (text) => digests.sha256Hex(text) }), context.signal);
        return encoded.ok ? success(await encodedInSlices(encoded.value, 'evidence', slices, context.signal)) : encoded;
      },
    }),
  ),
});
