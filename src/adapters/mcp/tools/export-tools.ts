import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import { encodeEvidenceSnapshot, evidenceSnapshotOutput } from '../../../domain/evidence-snapshot/evidence-snapshot.js';
import { EncodedResult } from '../../../domain/shared/encoded-result.js';
import type { RedactionRule } from '../../../domain/shared/redaction.js';
import { jsonStringStepwise } from '../../../domain/shared/sliced-text.js';
import { success } from '../../../domain/shared/result.js';
import { runInSlices } from '../../scheduling/time-slices.js';
import { sha256Hex } from '../../fulltext-client/text-digest.js';
import { evidenceMessagePrecedence, evidenceSnapshotInput } from '../../../domain/evidence-snapshot/evidence-snapshot-input.js';
import { buildZoteroImportFiles, encodeZoteroImportFiles, zoteroExportOutput } from '../../../domain/zotero-export/zotero-export.js';
import { zoteroExportInput, zoteroExportMessagePrecedence } from '../../../domain/zotero-export/zotero-export-input.js';

/**
 * An evidence snapshot (docs/tools.md#8-qiongli_literature_export_evidence): deterministic, strongly redacted;
 * full-text passages among the results are checked against their ids with SHA-256.
 */
export const exportEvidenceUseCase: UseCase = defineUseCase({
  get input() {
    return evidenceSnapshotInput();
  },
  get output() {
    return evidenceSnapshotOutput();
  },
  messagePrecedence: evidenceMessagePrecedence,
  redaction: 'evidence',
  // Built in time slices and sent as the canonical text it is (docs/provider-data.md).
  execute: async (args, context) => {
    const encoded = await runInSlices(encodeEvidenceSnapshot(args, { digest: sha256Hex }), context.signal);
    return encoded.ok ? success(await inSlices(encoded.value, 'evidence', context.signal)) : encoded;
  },
});

/** Zotero import files (docs/tools.md#10-qiongli_zotero_export_import_files): built in memory only. */
export const zoteroExportUseCase: UseCase = defineUseCase({
  get input() {
    return zoteroExportInput();
  },
  get output() {
    return zoteroExportOutput();
  },
  messagePrecedence: zoteroExportMessagePrecedence,
  // Built in time slices and sent as the text it is (docs/provider-data.md).
  execute: async (args, context) => {
    const built = await runInSlices(buildZoteroImportFiles(args), context.signal);
    return built.ok ? success(await inSlices(await runInSlices(encodeZoteroImportFiles(built.value), context.signal), 'standard', context.signal)) : built;
  },
});

/** An encoded result with its text content's literal built in time slices too (issue 19, row 6). */
const inSlices = async (json: string, redaction: RedactionRule, signal: AbortSignal): Promise<EncodedResult> =>
  new EncodedResult(json, redaction, await runInSlices(jsonStringStepwise(json), signal));
