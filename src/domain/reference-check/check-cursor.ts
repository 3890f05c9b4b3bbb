import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { CheckReferencesResult, ReferenceCheck } from './check-output.js';
import { fnv1a } from '../shared/fnv1a.js';

/** How long a cursor opens: 30 minutes (§13). */
const CHECK_CURSOR_TTL_MS = 30 * 60 * 1000;

/** Finished checks a process holds for paging; the oldest is dropped past this. */
const HELD_CHECKS = 8;

/** A finished check held for its next pages: every check, and what every page repeats. */
export interface HeldCheck {
  readonly fingerprint: string;
  readonly checks: readonly ReferenceCheck[];
  readonly status: CheckReferencesResult['status'];
  readonly summary: CheckReferencesResult['summary'];
  readonly diagnostics: CheckReferencesResult['diagnostics'];
}

/**
 * The finished checks of this process, kept so that a cursor's page is served from the list
 * already checked, without asking any source again (docs/tools.md#the-reference-check,
 * "Pages"). At most {@link HELD_CHECKS} (at most 200 checks each); the least recently used is
 * dropped, and its cursors then no longer open. Expiry is the sealed cursor's (30 minutes): this
 * store needs no clock. One instance per process, bound by the composition root.
 */
export class HeldChecks {
  private readonly held = new Map<number, HeldCheck>();
  private nextId = 1;

  constructor(private readonly capacity = HELD_CHECKS) {}

  /** Keeps a finished check; returns its id. */
  hold(check: HeldCheck): number {
    const id = this.nextId++;
    this.held.set(id, check);
    while (this.held.size > this.capacity) this.held.delete(this.held.keys().next().value!);
    return id;
  }

  /** The check held under `id`, when it is still held (it becomes the most recently used). */
  take(id: number): HeldCheck | undefined {
    const check = this.held.get(id);
    if (check !== undefined) {
      this.held.delete(id);
      this.held.set(id, check);
    }
    return check;
  }
}

/**
 * The fingerprint of a call's arguments that shape its checks (the references, the format, the
 * providers): two FNV-1a hashes, 16 hex digits. Not a secret and not a MAC (the sealed cursor is
 * the integrity protection); it only tells that a cursor is used with the same arguments.
 */
export function argumentsFingerprint(references: unknown, format: string | undefined, providers: readonly string[] | undefined): string {
  const text = JSON.stringify([references, format ?? null, providers === undefined ? null : [...providers].sort()]);
  const low = fnv1a(text, 0x811c9dc5);
  const high = fnv1a(text, 0x050c5d1f);
  return `${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`;
}

const PURPOSE = 'qiongli.check-references.v1';

/** Seals the position of the next page of a held check, for the same arguments. */
export const sealCheckCursor = (tokens: SealedTokens, fingerprint: string, held: number, offset: number): string =>
  tokens.seal(`${PURPOSE}:${fingerprint}`, { h: held, o: offset }, CHECK_CURSOR_TTL_MS);

/**
 * The held check and offset a cursor points to, when this process sealed it for the same
 * arguments, it has not expired and the check is still held; `undefined` otherwise (the caller
 * answers one static message, never why).
 */
export function openCheckCursor(
  tokens: SealedTokens,
  held: HeldChecks,
  fingerprint: string,
  cursor: string,
): { id: number; check: HeldCheck; offset: number } | undefined {
  let payload: unknown;
  try {
    payload = tokens.open(`${PURPOSE}:${fingerprint}`, cursor);
  } catch {
    return undefined; // The port never throws; a broken sealer counts as "does not open".
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { h: id, o: offset } = payload as { h?: unknown; o?: unknown };
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(offset) || (offset as number) < 0) return undefined;
  const check = held.take(id as number);
  if (check === undefined || check.fingerprint !== fingerprint || (offset as number) >= check.checks.length) return undefined;
  return { id: id as number, check, offset: offset as number };
}
