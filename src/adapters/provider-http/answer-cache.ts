import { createHash } from 'node:crypto';
import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { ProviderGet } from './send-get.js';

/** How long a successful provider answer is reused (docs/providers.md#requests). */
export const ANSWER_TTL_MS = 10 * 60 * 1000;

/** Default bound on cached answers; the least recently used one is dropped first. */
export const DEFAULT_CACHE_ENTRIES = 256;

/**
 * The cache key of a search: a SHA-256 digest of the provider and its first request (URL and
 * headers). The request already holds the normalised inputs — the trimmed query, the request
 * form (topic, title or DOI), the years, the effective row count and the credentials the
 * provider uses — so a different key or email never shares an answer, and no credential is kept
 * in clear in the key. Abstracts change what is parsed, not always what is sent, so a search
 * `withAbstracts` has keys of its own.
 */
export function answerKey(provider: string, first: ProviderGet, withAbstracts = false): string {
  const headers = Object.entries(first.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: unknown[] = [provider, first.url, headers];
  if (withAbstracts) parts.push('abstracts');
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

interface Entry<T> {
  readonly records: T;
  readonly storedAt: number;
}

/**
 * Bounded, in-memory LRU of successful answers with a time-to-live. An answer is a search's
 * records by default; the citation graph keeps its parsed pages the same way.
 */
export class AnswerCache<T = readonly ProviderRecord[]> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly maxEntries: number = DEFAULT_CACHE_ENTRIES,
    private readonly ttlMs: number = ANSWER_TTL_MS,
  ) {}

  /** The fresh answer under `key` (refreshing its recency), or `undefined`. */
  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (now - entry.storedAt >= this.ttlMs || now < entry.storedAt) return undefined;
    this.entries.set(key, entry);
    return entry.records;
  }

  /** Stores an answer, evicting the least recently used entries beyond the bound. */
  set(key: string, records: T, now: number): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { records, storedAt: now });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
