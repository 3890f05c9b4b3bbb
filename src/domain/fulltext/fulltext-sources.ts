import type { NativeSettings } from '../../ports/config-source.port.js';
import type { FullTextSource, FullTextSources, SourceAttempt, WorkReference } from '../../ports/fulltext-client.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { resolveProviderAccess, type KeyFallback } from '../literature-search/provider-credentials.js';

/**
 * The sources that can serve a work, in the order a read tries them: arXiv for an arXiv id;
 * otherwise Europe PMC, then PubMed Central (reached through a PMCID, given or learnt from Europe
 * PMC).
 */
const sourcesFor = (work: WorkReference): readonly FullTextSource[] => (work.kind === 'arxiv' ? ['arxiv'] : ['europepmc', 'pmc']);

/**
 * The sources a read may use (docs/providers.md#full-text-sources): Europe PMC when its settings
 * entry is enabled; PubMed Central when PubMed's is, with PubMed's key when one resolves (keyless
 * otherwise: a key only raises the pace — `keyless` then says why the named key was not used, for
 * the warning the search gives too); arXiv when arXiv's is. Secrets are resolved only when PubMed
 * Central can serve the work.
 */
export async function sourcesAllowed(
  work: WorkReference,
  settings: NativeSettings,
  secrets: SecretStore,
): Promise<{ sources: FullTextSources; keyless?: KeyFallback }> {
  const pmcWanted = sourcesFor(work).includes('pmc') && settings.providers.pubmed.enabled;
  const grant = pmcWanted ? (await resolveProviderAccess(['pubmed'], settings, secrets)).get('pubmed') : undefined;
  const apiKey = grant?.credentials.apiKey;
  const sources = {
    europepmc: settings.sources.europepmc.enabled,
    pmc: pmcWanted ? (apiKey === undefined ? {} : { apiKey }) : undefined,
    arxiv: settings.providers.arxiv.enabled,
  };
  return grant?.fallback === undefined ? { sources } : { sources, keyless: grant.fallback };
}

/** Whether a source is allowed. */
const allowed = (sources: FullTextSources, source: FullTextSource): boolean => (source === 'pmc' ? sources.pmc !== undefined : sources[source]);

/**
 * The attempts of a read that cannot run, every serving source being disabled; `undefined`
 * when one can run. PubMed Central alone cannot serve a DOI or a PMID (it needs the PMCID Europe
 * PMC would find), so that case does not run either.
 */
export function notRunAttempts(work: WorkReference, sources: FullTextSources): SourceAttempt[] | undefined {
  const serving = sourcesFor(work);
  const usable = serving.filter((source) => allowed(sources, source) && (source !== 'pmc' || work.kind === 'pmcid' || sources.europepmc));
  if (usable.length > 0) return undefined;
  return serving.filter((source) => !allowed(sources, source)).map((provider) => ({ provider, outcome: 'disabled' }));
}
