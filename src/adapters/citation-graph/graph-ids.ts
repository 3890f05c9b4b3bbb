/**
 * Identifier forms the graph adapter puts into a URL. Each is checked against a closed pattern
 * before it is used, whether it came from the domain or from a provider's answer, so neither a
 * caller nor a hostile body can add a filter, a path segment or a host.
 */

/** An OpenAlex work id: `W` and digits. */
const isOpenAlexWorkId = (value: string): boolean => /^W\d{1,15}$/u.test(value);

/** A Semantic Scholar paper id: 40 lowercase hex digits, or `CorpusId:` and digits. */
export const isSemanticScholarId = (value: string): boolean => /^(?:[0-9a-f]{40}|CorpusId:\d{1,12})$/u.test(value);

/** A PubMed id: digits only. */
export const isPmid = (value: string): boolean => /^\d{1,12}$/u.test(value);

/** An arXiv id: `2101.00001`, `2101.00001v2`, `hep-th/9901001` (old style), at most 64 characters. */
export const isArxivId = (value: string): boolean => value.length <= 64 && /^(?:\d{4}\.\d{4,5}|[a-z][a-z.-]{0,30}\/\d{7})(?:v\d{1,3})?$/iu.test(value);

const OPENALEX_PREFIX = 'https://openalex.org/';

/** The `W…` id of an OpenAlex entity URL (or a bare `W…`), when it is one. */
export function openAlexWorkIdOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const id = value.startsWith(OPENALEX_PREFIX) ? value.slice(OPENALEX_PREFIX.length) : value;
  return isOpenAlexWorkId(id) ? id : undefined;
}

/** The digits of a PubMed URL (`https://pubmed.ncbi.nlm.nih.gov/38799228`) or bare id, when it is one. */
export function pmidOf(value: string | undefined): string | undefined {
  const digits = value?.replace(/^https?:\/\/pubmed\.ncbi\.nlm\.nih\.gov\//u, '').replace(/\/$/u, '');
  return digits !== undefined && isPmid(digits) ? digits : undefined;
}

/** A DOI as the graph compares and sends it: lowercase, without a `https://doi.org/` or `doi:` prefix; only `10.…/…`. */
export function plainDoi(value: string | undefined): string | undefined {
  const doi = value
    ?.trim()
    .toLowerCase()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)/u, '');
  return doi !== undefined && /^10\.[^/\s]+\/\S+$/u.test(doi) && doi.length <= 2048 ? doi : undefined;
}

/** The DOI arXiv registers for one of its papers (DataCite, `10.48550/arxiv.<id>`). */
export const arxivDoi = (id: string): string => `10.48550/arxiv.${id.toLowerCase()}`;
