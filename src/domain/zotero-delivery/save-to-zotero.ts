import type { ConfigSource } from '../../ports/config-source.port.js';
import type { TimeSlices } from '../../ports/time-slices.port.js';
import type { ZoteroConnector, ZoteroFailure, ZoteroImportedItem, ZoteroTarget } from '../../ports/zotero-connector.port.js';
import { success, type Result } from '../shared/result.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import { configUnavailable, toolError, type ToolFailure } from '../shared/tool-failure.js';
import type { UseCaseContext } from '../shared/use-case.js';
import { deliveryItem, toDeliveryRecordStepwise, type DeliveryRecord } from './delivery-items.js';
import { checkDuplicates } from './duplicate-check.js';
import type { ZoteroSaveArguments } from './zotero-save-input.js';
import { MAX_ANSWER_TITLE, MAX_TITLED_SKIPS, SAVE_WARNINGS, type ZoteroSaveAnswer } from './zotero-save-output.js';
import { chooseTarget } from './zotero-target.js';

/** The ports of the save (bound in the composition root). */
export interface ZoteroDeliveryPorts {
  readonly connector: ZoteroConnector;
  /** The settings: `zotero.enabled` is the person's consent, read afresh at every call. */
  readonly settings: ConfigSource;
  /** Runs stepwise work in time slices (the composition root binds the event-loop ones). Default: at once. */
  readonly slices?: TimeSlices;
  /** Time all duplicate lookups may take together (default 30 s). */
  readonly lookupBudgetMs?: number;
}

/** A connector failure as a tool error (`zotero-local-api-off` never stops a save; read as refused). */
const connectorError = (code: ZoteroFailure): Result<never, ToolFailure> => toolError(code === 'zotero-local-api-off' ? 'zotero-refused' : code);

/** A title as the answer names a skipped record: control characters as spaces, at most {@link MAX_ANSWER_TITLE} characters. */
const cutTitle = (title: string): string => {
  let end = MAX_ANSWER_TITLE - 1;
  // Never half a surrogate pair.
  if (/[\uD800-\uDBFF]/u.test(title.charAt(end - 1))) end -= 1;
  const cut = title.length <= MAX_ANSWER_TITLE ? title : `${title.slice(0, end)}…`;
  return cut.replace(/\p{Cc}/gu, ' ');
};

/**
 * The Zotero save tool (docs/zotero.md#the-tool): puts records into the person's running Zotero
 * through its connector server, in one connector session.
 *
 * 1. Consent: the setting `zotero.enabled` (ConfigSource) must be on, else the tool error `zotero-delivery-off`
 *    (its message says how to switch it on); nothing is sent to Zotero.
 * 2. `/connector/ping`, then `/connector/getSelectedCollection`: the target is `collection` (a
 *    key or a name of a writable target) or the one selected in Zotero.
 * 3. Duplicates: records already in the library (or earlier in `records`) are skipped and
 *    reported; without Zotero's local API, all are saved and `duplicates_checked` is false.
 * 4. `/connector/import` with the rest as CSL-JSON (right item types, identifiers in Extra), then
 *    `/connector/updateSession` with the target, `tags` and a child note naming
 *    `evidence_snapshot_id`.
 *
 * Zotero not running, refusing, failing or too slow before the import is answered → a tool
 * error with a static reason; after it, problems are warnings of the answer.
 */
export async function saveToZotero(
  args: ZoteroSaveArguments,
  ports: ZoteroDeliveryPorts,
  context: UseCaseContext,
): Promise<Result<ZoteroSaveAnswer, ToolFailure>> {
  const reading = await ports.settings.read();
  if (reading.status === 'unavailable') {
    return configUnavailable(reading.rule);
  }
  if (!reading.settings.zotero.enabled) return toolError('zotero-delivery-off');
  const { connector } = ports;
  const ping = await connector.ping(context.signal);
  if (!ping.ok) return connectorError(ping.error);
  const found = await connector.targets(context.signal);
  if (!found.ok) return connectorError(found.error);
  const target = chooseTarget(args.collection, found.value);
  if (!target.ok) return toolError(target.error);
  const pace = <T>(task: Stepwise<T>, signal: AbortSignal): Promise<T> =>
    ports.slices === undefined ? Promise.resolve(finishNow(task)) : ports.slices.run(task, signal);
  const records = await pace(prepare(args.records), context.signal);
  const duplicates = await checkDuplicates(records, connector, { signal: context.signal, progress: context.reportProgress, budgetMs: ports.lookupBudgetMs });
  const skipped_existing = [...duplicates.skipped]
    .sort(([a], [b]) => a - b)
    .map(([index, matched_by], position) =>
      position < MAX_TITLED_SKIPS ? { index, title: cutTitle(records[index]!.title), matched_by } : { index, matched_by },
    );
  const sending = records.map((_, index) => index).filter((index) => !duplicates.skipped.has(index));
  const warnings: string[] = duplicates.checked ? [] : [SAVE_WARNINGS.duplicatesUnchecked];
  const answer = (saved: number, failed: ZoteroSaveAnswer['failed'], where: ZoteroTarget, session?: string): ZoteroSaveAnswer => ({
    status: warnings.length === 0 && failed.length === 0 ? 'ok' : 'warning',
    saved,
    skipped_existing,
    duplicates_checked: duplicates.checked,
    failed,
    target: { key: where.key, name: where.name, library: where.library },
    ...(session === undefined ? {} : { session }),
    ...(warnings.length === 0 ? {} : { warnings }),
  });
  if (sending.length === 0) return success(answer(0, [], target.value));
  // A cancelled call sends nothing more (the client no longer waits for the answer).
  if (context.signal.aborted) return toolError('zotero-timeout');
  const text = await pace(cslText(sending.map((index) => records[index]!)), context.signal);
  const imported = await connector.importCslJson(text, sending.length, context.signal);
  if (!imported.ok) return connectorError(imported.error);
  const { session, items } = imported.value;
  const failed = items === undefined ? [] : missingFrom(items, sending, records);
  if (items === undefined) warnings.push(SAVE_WARNINGS.countUnknown);
  else if (failed.length > 0) warnings.push(SAVE_WARNINGS.missing);
  const saved = items?.length ?? sending.length;
  const note =
    args.evidence_snapshot_id === undefined ? undefined : `<p>Saved by Qiongli from evidence snapshot <code>${args.evidence_snapshot_id}</code>.</p>`;
  const tags = [...new Set((args.tags ?? []).map((tag) => tag.trim()))];
  const update = await connector.updateSession({ session, target: target.value.key, tags, ...(note === undefined ? {} : { note }) }, saved, context.signal);
  if (update.ok) return success(answer(saved, failed, target.value, session));
  warnings.push(SAVE_WARNINGS.updateFailed);
  // Where Zotero's import put them: its selection, or the first writable library when the selection is not writable.
  const landed = chooseTarget(undefined, found.value);
  return success(answer(saved, failed, landed.ok ? landed.value : target.value, session));
}

/** Records prepared between two pauses. */
const RECORDS_PER_STEP = 16;

function* prepare(records: ZoteroSaveArguments['records']): Stepwise<DeliveryRecord[]> {
  const prepared: DeliveryRecord[] = [];
  for (const record of records) {
    prepared.push(yield* toDeliveryRecordStepwise(record));
    if (prepared.length % RECORDS_PER_STEP === 0) yield;
  }
  return prepared;
}

/** The CSL-JSON array text of the records, written item by item with pauses. */
function* cslText(records: readonly DeliveryRecord[]): Stepwise<string> {
  const parts: string[] = [];
  for (const record of records) {
    parts.push(JSON.stringify(deliveryItem(record)));
    if (parts.length % RECORDS_PER_STEP === 0) yield;
  }
  return `[${parts.join(',')}]`;
}

/**
 * The sent records whose title Zotero's answer does not name (each answer item accounts for one
 * record); none when the answer names no title at all.
 */
function missingFrom(items: readonly ZoteroImportedItem[], sending: readonly number[], records: readonly DeliveryRecord[]): ZoteroSaveAnswer['failed'] {
  if (items.every((item) => item.title === undefined)) return [];
  const titles = new Map<string, number>();
  for (const item of items) if (item.title !== undefined) titles.set(item.title, (titles.get(item.title) ?? 0) + 1);
  const failed: Array<{ index: number; reason: 'not-in-zotero-answer' }> = [];
  for (const index of sending) {
    const left = titles.get(records[index]!.title) ?? 0;
    if (left > 0) titles.set(records[index]!.title, left - 1);
    else failed.push({ index, reason: 'not-in-zotero-answer' });
  }
  return failed;
}
