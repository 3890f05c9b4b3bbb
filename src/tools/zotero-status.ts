import { success } from '../domain/shared/result.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { zoteroStatus, zoteroStatusInput, zoteroStatusOutput } from '../domain/zotero-status/zotero-status.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/** `qiongli_zotero_status` (docs/tools.md#9-qiongli_zotero_status): a fixed answer; no probe, no socket. */
export const zoteroStatusTool = toolSlice({
  entry: {
    name: 'qiongli_zotero_status',
    title: 'Zotero integration status',
    description: 'How references reach Zotero. Lite uses no connector: make import files with qiongli_zotero_export_import_files. No arguments.',
    group: 'zotero',
  },
  useCase: useCaseRecipe('zoteroStatus', [], () =>
    defineUseCase({
      input: zoteroStatusInput,
      output: zoteroStatusOutput,
      execute: () => success(zoteroStatus()),
    }),
  ),
});
