import type { Stepwise } from '../shared/stepwise.js';
import { deliverFiles, nextPart, withHead, type Delivery, type DeliveryPorts, type LinkedAnswer } from '../shared/file-delivery.js';
import type { Result } from '../shared/result.js';
import type { ToolFailure } from '../shared/tool-failure.js';
import { buildZoteroImportFiles, importFilesToHold } from './zotero-export.js';
import type { ZoteroExportArguments } from './zotero-export-input.js';

/** The answer of `qiongli_zotero_export_import_files`. */
export type ZoteroExportAnswer = LinkedAnswer<{ readonly status: 'ok' } & Delivery>;

/**
 * `qiongli_zotero_export_import_files` (docs/tools.md#10-qiongli_zotero_export_import_files): builds
 * the files in memory (`pace` runs the stepwise build), holds them as resources and answers
 * their facts and links (`delivery` `resource`, the default) or their first part (`inline`); with
 * a `cursor`, the next inline part, the other arguments ignored. Failures: `zotero-export-failed`
 * past 2 MiB, `file-not-held`, an invalid cursor (static message).
 */
export async function deliverZoteroImportFiles(
  args: ZoteroExportArguments,
  ports: DeliveryPorts,
  pace: <T>(work: Stepwise<T>) => Promise<T>,
): Promise<Result<ZoteroExportAnswer, ToolFailure>> {
  const head = { status: 'ok' as const };
  if (args.cursor !== undefined) return withHead(head, nextPart(args.cursor, ports));
  const built = await pace(buildZoteroImportFiles(args));
  if (!built.ok) return built;
  return withHead(head, deliverFiles(importFilesToHold(built.value), args.delivery ?? 'resource', ports));
}
