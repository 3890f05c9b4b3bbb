import type { ProviderId } from '../../ports/config-source.port.js';

/** What the page tells about one provider: what a key or email brings, and where a free key is obtained. */
export interface ProviderGuide {
  /** What setting it up brings (one sentence). */
  readonly brings: string;
  /** Where a free key is obtained (providers that take one). */
  readonly keyFrom?: { readonly label: string; readonly href: string };
  /** What the contact email is for (providers that take one). */
  readonly email?: string;
}

/** What the Zotero switch means, in one sentence (SPEC §15). */
export const ZOTERO_GUIDE =
  "When on, your assistant may save the papers you ask for straight into the Zotero program running on this computer (through Zotero's own connector; nothing goes to the Zotero website); when off, it cannot.";

/** Per provider, in search order (docs/providers.md). */
export const PROVIDER_GUIDES: Readonly<Record<ProviderId, ProviderGuide>> = {
  openalex: {
    brings: 'A free key raises the free daily allowance tenfold (about 1,000 searches a day instead of about 100).',
    keyFrom: { label: 'openalex.org/settings/api (free account)', href: 'https://openalex.org/settings/api' },
    email:
      'OpenAlex no longer reads a contact email: one set here is kept with your settings but never sent. An API key (below) is what raises your allowance.',
  },
  semantic_scholar: {
    brings: 'A free key gives you a dedicated rate (1 request a second) instead of the pool all keyless users share, which is often busy.',
    keyFrom: { label: 'semanticscholar.org/product/api (request form)', href: 'https://www.semanticscholar.org/product/api#api-key-form' },
  },
  crossref: {
    brings: 'No key: an email puts your searches in the "polite" pool, which is faster and more reliable.',
    email: 'Your email, sent with each Crossref request as the polite-pool contact.',
  },
  pubmed: {
    brings: 'A free NCBI key allows 10 requests a second instead of 3.',
    keyFrom: { label: 'NCBI account settings, "API Key Management"', href: 'https://account.ncbi.nlm.nih.gov/settings/' },
  },
  arxiv: { brings: 'Needs no key or email; arXiv asks for one request every 3 seconds.' },
};
