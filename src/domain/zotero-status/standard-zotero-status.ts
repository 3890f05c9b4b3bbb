import * as z from 'zod';
import type { ConfigSource } from '../../ports/config-source.port.js';
import type { ZoteroConnector, ZoteroTarget, ZoteroTargets } from '../../ports/zotero-connector.port.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { ZOTERO_IMPORT_FILES, zoteroStatus } from './zotero-status.js';
import { withDeadline } from '../shared/deadline.js';

/** Most time the probe of Zotero may take: ping and targets together (docs/zotero.md#status). */
const STATUS_BUDGET_MS = 2_000;

/** Most targets listed; a library with more collections lists the first ones (libraries first, in Zotero's order). */
const MAX_LISTED_TARGETS = 100;

/**
 * Longest target name listed; a longer one is cut with `…`. With {@link MAX_LISTED_TARGETS}, the
 * answer stays under the 40,000 characters of docs/tools.md#answers-that-fit-a-models-context
 * whatever the library holds.
 */
const MAX_TARGET_NAME = 100;

/** Longest key a target may have to be listed: Zotero's own are a few characters (`L1`, `C12`). */
const MAX_TARGET_KEY = 64;

const targetSchema = () => z.strictObject({ key: z.string(), name: z.string(), library: z.string() });

/**
 * Result of Standard's Zotero status (docs/tools.md#9-qiongli_zotero_status): Lite's answer, whose
 * `status` is `ready` and `connector.available` true when Zotero runs (and, for `ready`, delivery
 * is switched on), plus `zotero`: what the probe of the person's Zotero found.
 */
export const standardZoteroStatusOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(['ready', 'disabled']).describe('ready: qiongli_zotero_save can save (Zotero runs, delivery is on).'),
    connector: z.strictObject({ available: z.boolean() }),
    companion: z.strictObject({ available: z.literal(false) }),
    fallback_import_files: z.strictObject({ available: z.literal(true), formats: z.array(z.enum(ZOTERO_IMPORT_FILES)) }),
    zotero: z.strictObject({
      running: z.boolean(),
      version: z.string().optional(),
      delivery_enabled: z.boolean(),
      selected_target: targetSchema().optional(),
      targets: z.array(targetSchema()).describe("Writable libraries and collections; a key is qiongli_zotero_save's collection."),
      targets_total: z.number().int().min(0).optional().describe(`Present when only the first ${MAX_LISTED_TARGETS} are listed.`),
    }),
  }),
);

/** Standard's Zotero status, as returned to the client. */
export type StandardZoteroStatus = z.output<ReturnType<typeof standardZoteroStatusOutput>>;

/** What the probe needs. */
export interface ZoteroStatusPorts {
  readonly connector: ZoteroConnector;
  readonly settings: ConfigSource;
  /** Default {@link STATUS_BUDGET_MS}. */
  readonly budgetMs?: number;
}

const cut = (text: string): string => (text.length <= MAX_TARGET_NAME ? text : `${text.slice(0, MAX_TARGET_NAME - 1)}…`).replace(/\p{Cc}/gu, ' ');
const usable = (target: ZoteroTarget): boolean => target.key.length <= MAX_TARGET_KEY;
const listed = (target: ZoteroTarget) => ({ key: target.key, name: cut(target.name), library: cut(target.library) });

/**
 * Standard's Zotero status (docs/zotero.md#status): whether the person switched delivery on (the
 * settings' `zotero.enabled`; unreadable settings count as off), and what Zotero's connector
 * server says — `/connector/ping` (running, version), then `/connector/getSelectedCollection`
 * (the selected target and every writable one). Never fails: Zotero closed, silent or answering
 * nonsense is `running: false` (or, after a ping, no targets), all within {@link STATUS_BUDGET_MS}
 * (a closed port answers at once).
 */
export async function standardZoteroStatus(ports: ZoteroStatusPorts, signal: AbortSignal): Promise<StandardZoteroStatus> {
  const [reading, probe] = await withDeadline(signal, ports.budgetMs ?? STATUS_BUDGET_MS, (budget) =>
    Promise.all([ports.settings.read(), probeZotero(ports.connector, budget)]),
  );
  const delivery_enabled = reading.status === 'available' && reading.settings.zotero.enabled;
  const lite = zoteroStatus();
  const running = probe !== undefined;
  const targets = (probe?.targets?.targets ?? []).filter(usable);
  const chosen = probe?.targets?.selected;
  const selected = chosen !== undefined && usable(chosen) ? chosen : undefined;
  return {
    ...lite,
    status: running && delivery_enabled ? 'ready' : 'disabled',
    connector: { available: running },
    zotero: {
      running,
      ...(probe?.version === undefined ? {} : { version: probe.version }),
      delivery_enabled,
      ...(selected === undefined ? {} : { selected_target: listed(selected) }),
      targets: targets.slice(0, MAX_LISTED_TARGETS).map(listed),
      ...(targets.length > MAX_LISTED_TARGETS ? { targets_total: targets.length } : {}),
    },
  };
}

/** Ping, then the targets: `undefined` when the ping fails (Zotero is not running, or not answering). */
async function probeZotero(connector: ZoteroConnector, signal: AbortSignal): Promise<{ version?: string; targets?: ZoteroTargets } | undefined> {
  const ping = await connector.ping(signal);
  if (!ping.ok) return undefined;
  const found = await connector.targets(signal);
  return { ...(ping.value.version === undefined ? {} : { version: ping.value.version }), ...(found.ok ? { targets: found.value } : {}) };
}
