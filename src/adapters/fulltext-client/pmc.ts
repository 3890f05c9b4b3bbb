import { intervalFor } from '../provider-http/tier-pacing.js';
import type { ProviderGet } from '../provider-http/send-get.js';

/** The PubMed Central E-utilities fetch endpoint (docs/providers.md#full-text-sources); a constant, never configurable. */
const PMC_EFETCH_ENDPOINT = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi';

/** NCBI's pace, shared with PubMed searches (one lane): 3 request starts a second without a key, 10 with one. */
export const pmcIntervalMs = (apiKey: string | undefined): number => intervalFor('pubmed', apiKey);

/** The URL of a PMCID's article (`PMC` and digits, already checked), without credentials: the document's public address. */
export const pmcArticleUrl = (pmcid: string): string => `${PMC_EFETCH_ENDPOINT}?db=pmc&id=${pmcid.slice(3)}&retmode=xml`;

/** The `efetch db=pmc` request of a PMCID (`id` takes its digits), with PubMed's key when one resolves. */
export function pmcFetchRequest(pmcid: string, apiKey: string | undefined): ProviderGet {
  const url = pmcArticleUrl(pmcid);
  return { url: apiKey ? `${url}&api_key=${encodeURIComponent(apiKey)}` : url, headers: { accept: 'application/xml' } };
}

/** PubMed Central's reading page of a PMCID: the free link a record of the search gives (docs/providers.md#steered-requests). */
export const pmcReadingUrl = (pmcid: string): string => `https://pmc.ncbi.nlm.nih.gov/articles/${pmcid}/`;
