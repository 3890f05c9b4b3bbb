import { success } from '../domain/shared/result.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { standardZoteroStatus, standardZoteroStatusOutput } from '../domain/zotero-status/standard-zotero-status.js';
import { zoteroStatus, zoteroStatusInput, zoteroStatusOutput } from '../domain/zotero-status/zotero-status.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { ZoteroConnectorId } from '../ports/zotero-connector.port.js';
import { toolSlice, useCaseRecipe, variantOf } from './tool-slice.js';

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

/**
 * The Zotero status in Standard (docs/zotero.md#status): Lite's answer plus `zotero`, what a
 * probe of the person's Zotero finds (ping, targets) and whether delivery is switched on; bounded
 * in time, Zotero closed answering `running: false` at once.
 */
export const standardZoteroStatusTool = variantOf(zoteroStatusTool, {
  description:
    "Report whether the person's Zotero desktop is running (its version), whether Zotero delivery is switched on, the collection selected in Zotero and the writable libraries and collections (keys for qiongli_zotero_save's collection). Takes no arguments.",
  useCase: useCaseRecipe('zoteroStatus', [ZoteroConnectorId, ConfigSourceId], (connector, settings) =>
    defineUseCase({
      input: zoteroStatusInput,
      output: standardZoteroStatusOutput,
      execute: async (_args, context) => success(await standardZoteroStatus({ connector, settings }, context.signal)),
    }),
  ),
});
