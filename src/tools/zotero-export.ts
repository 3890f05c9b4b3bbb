import { defineUseCase } from '../domain/shared/use-case.js';
import { zoteroExportInput, zoteroExportMessagePrecedence } from '../domain/zotero-export/zotero-export-input.js';
import { zoteroExportOutput } from '../domain/zotero-export/zotero-export.js';
import { deliverZoteroImportFiles } from '../domain/zotero-export/zotero-delivery.js';
import { HeldResourcesId } from '../ports/held-resources.port.js';
import { SealedTokensId } from '../ports/sealed-tokens.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/**
 * `qiongli_zotero_export_import_files` (docs/tools.md#10-qiongli_zotero_export_import_files):
 * built in memory only, in time slices, and held as resources the answer links
 * (docs/protocol.md#resources), or sent part by part on request.
 */
export const zoteroExportTool = toolSlice({
  entry: {
    name: 'qiongli_zotero_export_import_files',
    title: 'Export Zotero import files',
    description:
      'Make Zotero import files (CSL-JSON, RIS, BibTeX, a report) from search records. They are linked as resources with size and SHA-256 (resources/read, 30 minutes); delivery "inline" sends them in parts.',
    group: 'zotero',
    inputBudget: 'bulk',
  },
  instruction: { step: 'hand references to Zotero with qiongli_zotero_export_import_files' },
  useCase: useCaseRecipe('zoteroExport', [TimeSlicesId, HeldResourcesId, SealedTokensId], (slices, held, tokens) => {
    const ports = { held, tokens, tool: 'qiongli_zotero_export_import_files' };
    return defineUseCase({
      input: zoteroExportInput,
      output: zoteroExportOutput,
      messagePrecedence: zoteroExportMessagePrecedence,
      execute: (args, context) => deliverZoteroImportFiles(args, ports, (work) => slices.run(work, context.signal)),
    });
  }),
});
