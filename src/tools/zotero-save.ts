import { defineUseCase } from '../domain/shared/use-case.js';
import { saveToZotero } from '../domain/zotero-delivery/save-to-zotero.js';
import { zoteroSaveInput, zoteroSaveMessagePrecedence } from '../domain/zotero-delivery/zotero-save-input.js';
import { zoteroSaveOutput } from '../domain/zotero-delivery/zotero-save-output.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { ZoteroConnectorId } from '../ports/zotero-connector.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/**
 * `qiongli_zotero_save` (docs/zotero.md#the-tool; group `zotero-library`, Standard only): puts
 * records into the person's running Zotero desktop through its connector server on
 * 127.0.0.1:23119, once the person switched delivery on (the settings' `zotero.enabled`, read
 * afresh at every call). Not read-only (it adds items to the library), not destructive (it never
 * changes or removes an item), idempotent (a work the library holds is skipped, so a repeated
 * call saves nothing twice), and not open-world: its one peer is the person's own Zotero on the
 * loopback, a closed domain, never the internet.
 */
export const zoteroSaveTool = toolSlice({
  entry: {
    name: 'qiongli_zotero_save',
    title: 'Save records to Zotero',
    description:
      "Save literature records into the person's running Zotero desktop with the right item types, skipping works the library already holds. " +
      'Works only once the person has switched Zotero delivery on; otherwise the error says how.',
    group: 'zotero-library',
    inputBudget: 'bulk',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  instruction: {
    note: "qiongli_zotero_save puts records into the person's running Zotero once the person has switched Zotero delivery on; qiongli_zotero_status says whether Zotero runs and delivery is on.",
  },
  useCase: useCaseRecipe('zoteroSave', [ZoteroConnectorId, ConfigSourceId, TimeSlicesId], (connector, settings, slices) =>
    defineUseCase({
      input: zoteroSaveInput,
      output: zoteroSaveOutput,
      messagePrecedence: zoteroSaveMessagePrecedence,
      execute: (args, context) => saveToZotero(args, { connector, settings, slices }, context),
    }),
  ),
});
