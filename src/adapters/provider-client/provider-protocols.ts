import type { ProviderId } from '../../ports/config-source.port.js';
import { arxivProtocol } from './arxiv.js';
import { crossrefProtocol } from './crossref.js';
import { openAlexProtocol } from './openalex.js';
import type { ProviderProtocol } from './provider-protocol.js';
import { pubMedProtocol } from './pubmed.js';
import { semanticScholarProtocol } from './semantic-scholar.js';

/** The protocol of every provider, by canonical id. */
export const PROVIDER_PROTOCOLS: Readonly<Record<ProviderId, ProviderProtocol>> = {
  openalex: openAlexProtocol,
  semantic_scholar: semanticScholarProtocol,
  crossref: crossrefProtocol,
  pubmed: pubMedProtocol,
  arxiv: arxivProtocol,
};
