import type { ProviderId } from '../../ports/config-source.port.js';
import type { ProviderSearchRequest } from '../../ports/provider-client.port.js';

/** Smallest gap between two request starts to one provider, in ms, per access tier. */
export interface TierIntervals {
  /** Asked without a key (and, for Crossref, with or without a contact email). */
  readonly keyless: number;
  /** Asked with a key that resolved. */
  readonly keyed: number;
}

/**
 * Polite pacing per provider and access tier (docs/providers.md#access-tiers), one table for
 * the search, the citation graph and the full-text reader:
 * - OpenAlex: keyless about 100 searches a day, so one start a second keeps a burst from
 *   spending the day's allowance at once; a key: ten a second (OpenAlex's per-second limit).
 * - Semantic Scholar: keyless requests share one pool with every keyless user, so one start
 *   every 3 s (its long-standing keyless allowance of 100 per 5 minutes); a key: the dedicated
 *   one request a second it is granted.
 * - Crossref: one a second, public or polite pool alike.
 * - PubMed (E-utilities, PubMed Central too): three a second keyless, ten with an NCBI key.
 * - arXiv: one start every 3 s (its API terms); it has no key.
 */
export const TIER_INTERVALS_MS: Readonly<Record<ProviderId, TierIntervals>> = {
  openalex: { keyless: 1000, keyed: 100 },
  semantic_scholar: { keyless: 3000, keyed: 1000 },
  crossref: { keyless: 1000, keyed: 1000 },
  pubmed: { keyless: 334, keyed: 100 },
  arxiv: { keyless: 3000, keyed: 3000 },
};

/** The interval of `provider` for a request asked with (or without) a key. */
export const intervalFor = (provider: ProviderId, apiKey: string | undefined): number =>
  apiKey ? TIER_INTERVALS_MS[provider].keyed : TIER_INTERVALS_MS[provider].keyless;

/** The pacing of a provider's protocol: its tier interval from the request's credentials. */
export const tierPacing =
  (provider: ProviderId) =>
  (credentials: ProviderSearchRequest['credentials']): number =>
    intervalFor(provider, credentials.apiKey);
