import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';

/** The four import files the Zotero exporter can write (docs/tools.md#10-qiongli_zotero_export_import_files). */
export const ZOTERO_IMPORT_FILES = ['references.json', 'references.ris', 'bibliography.bib', 'zotero-import-report.md'] as const;

/** `qiongli_zotero_status` takes no arguments (docs/tools.md#9-qiongli_zotero_status). */
export const zoteroStatusInput = schemaOnFirstUse(() => z.strictObject({}, { error: UNSUPPORTED_ARGUMENT }));

/** Result of the Zotero status. */
export const zoteroStatusOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.literal('disabled'),
    connector: z.strictObject({ available: z.literal(false) }),
    companion: z.strictObject({ available: z.literal(false) }),
    fallback_import_files: z.strictObject({
      available: z.literal(true),
      formats: z.array(z.enum(ZOTERO_IMPORT_FILES)),
    }),
  }),
);

/** The Zotero status, as returned to the client. */
export type ZoteroStatus = z.output<ReturnType<typeof zoteroStatusOutput>>;

/**
 * Reports Zotero integration status. Lite performs no probe, reads no environment and opens no
 * socket: the connector and companion are unavailable and the import files are the way in.
 */
export function zoteroStatus(): ZoteroStatus {
  return {
    status: 'disabled',
    connector: { available: false },
    companion: { available: false },
    fallback_import_files: { available: true, formats: [...ZOTERO_IMPORT_FILES] },
  };
}
