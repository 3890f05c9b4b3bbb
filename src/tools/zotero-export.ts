import { defineUseCase } from '../domain/shared/use-case.js';
import { success } from '../domain/shared/result.js';
import { zoteroExportInput, zoteroExportMessagePrecedence } from '../domain/zotero-export/zotero-export-input.js';
import { buildZoteroImportFiles, encodeZoteroImportFiles, zoteroExportOutput } from '../domain/zotero-export/zotero-export.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { encodedInSlices } from './encoded-in-slices.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/**
 * `qiongli_zotero_export_import_files` (docs/tools.md#10-qiongli_zotero_export_import_files):
 * built in memory only, in time slices, and sent as the text it is (docs/provider-data.md).
 */
export const zoteroExportTool = toolSlice({
  entry: {
    name: 'qiongli_zotero_export_import_files',
    title: 'Export Zotero import files',
    description:
      'Build Zotero import files from literature records (as returned by qiongli_literature_search): CSL-JSON (references.json), RIS, BibTeX and a short import report. arXiv preprints become Preprint items. Files are returned as text; nothing is written to disk.',
    group: 'zotero',
    inputBudget: 'bulk',
  },
  instruction: { step: 'hand references to Zotero with qiongli_zotero_export_import_files' },
  useCase: useCaseRecipe('zoteroExport', [TimeSlicesId], (slices) =>
    defineUseCase({
      input: zoteroExportInput,
      output: zoteroExportOutput,
      messagePrecedence: zoteroExportMessagePrecedence,
      execute: async (args, context) => {
        const built = await slices.run(buildZoteroImportFiles(args), context.signal);
        if (!built.ok) return built;
        const json = await slices.run(encodeZoteroImportFiles(built.value), context.signal);
        return success(await encodedInSlices(json, 'standard', slices, context.signal));
      },
    }),
  ),
});
