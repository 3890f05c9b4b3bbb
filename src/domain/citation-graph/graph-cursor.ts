import { GRAPH_SOURCE_IDS, type GraphDirection, type GraphSourceId } from '../../ports/citation-graph.port.js';
import { PROVIDER_FAILURE_KINDS, type ProviderFailureKind, type TransportCause } from '../../ports/provider-client.port.js';
import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { MergedEdge } from './edge-merge.js';
import { fnv1a } from '../shared/fnv1a.js';

/** How long a cursor opens: 30 minutes (the crawl's answers are cached for 10 minutes; older ones are read again). */
const CURSOR_TTL_MS = 30 * 60 * 1000;

/** A source that failed during the crawl: from that round on it is not read again, so pages stay consistent. */
export interface StoppedSource {
  readonly round: number;
  readonly kind: ProviderFailureKind;
  /** The static cause of a connection failure, when one is known. */
  readonly cause?: TransportCause;
}

/** Where a crawl stands between two pages. */
export interface CrawlPosition {
  /** Visible edges already returned. */
  readonly offset: number;
  /** Fingerprint of those edges' keys, in order: the next call must find the same ones there. */
  readonly digest: string;
  readonly stopped: Partial<Record<GraphSourceId, StoppedSource>>;
}

/** What a cursor is bound to: the tool (direction), the work and every argument that shapes the crawl. */
export interface CursorBinding {
  readonly direction: GraphDirection;
  readonly work: string;
  readonly sources: readonly GraphSourceId[];
  readonly years: { readonly from?: number; readonly to?: number } | undefined;
  readonly sort: string;
  readonly includeAbstracts: boolean;
}

/** The sealing purpose of a binding: a cursor opens only for exactly the same call. */
const purposeOf = (binding: CursorBinding): string =>
  `qiongli.graph.v1:${JSON.stringify([binding.direction, binding.work, binding.sources, binding.years?.from ?? null, binding.years?.to ?? null, binding.sort, binding.includeAbstracts])}`;

/**
 * The fingerprint of the first `count` visible edges: two FNV-1a hashes (different seeds) of
 * their keys in order, 16 hex digits. Not a secret and not a MAC (the sealed cursor is the
 * integrity protection); it only tells whether the crawl found the same edges again.
 */
export function crawlDigest(visible: readonly MergedEdge[], count: number): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let index = 0; index < count && index < visible.length; index++) {
    const edge = visible[index]!;
    const key = `${edge.key ?? `~${edge.fields?.title ?? ''}`}\n`;
    low = fnv1a(key, low);
    high = fnv1a(key, high);
  }
  return `${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`;
}

/** Seals a position for the next page of exactly this call. */
export const sealCursor = (tokens: SealedTokens, binding: CursorBinding, position: CrawlPosition): string =>
  tokens.seal(purposeOf(binding), { o: position.offset, d: position.digest, s: position.stopped }, CURSOR_TTL_MS);

const isStopped = (value: unknown): value is StoppedSource =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as StoppedSource).round) &&
  (value as StoppedSource).round >= 0 &&
  (PROVIDER_FAILURE_KINDS as readonly unknown[]).includes((value as StoppedSource).kind);

/**
 * The position a cursor holds, when it was sealed by this process for exactly this binding and
 * has not expired; `undefined` otherwise (the caller answers one static message, never why).
 */
export function openCursor(tokens: SealedTokens, binding: CursorBinding, cursor: string): CrawlPosition | undefined {
  let payload: unknown;
  try {
    payload = tokens.open(purposeOf(binding), cursor);
  } catch {
    return undefined; // The port never throws; a broken sealer counts as "does not open".
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { o: offset, d: digest, s: stopped } = payload as { o?: unknown; d?: unknown; s?: unknown };
  if (!Number.isSafeInteger(offset) || (offset as number) < 0 || typeof digest !== 'string' || !/^[0-9a-f]{16}$/u.test(digest)) return undefined;
  if (typeof stopped !== 'object' || stopped === null) return undefined;
  const entries = Object.entries(stopped);
  if (!entries.every(([source, value]) => (GRAPH_SOURCE_IDS as readonly string[]).includes(source) && isStopped(value))) return undefined;
  return { offset: offset as number, digest, stopped: Object.fromEntries(entries) as CrawlPosition['stopped'] };
}
