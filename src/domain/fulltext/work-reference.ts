import type { ResolvedWork, WorkReference } from '../../ports/fulltext-client.port.js';
import { normaliseDoi } from '../literature-search/record-keys.js';

/** Longest DOI accepted, in characters (a DOI of the search's records is at most 2 KiB; real ones are short). */
const MAX_DOI_CHARACTERS = 512;

/** `10.<registrant>/<suffix>`: no whitespace, quote, backslash or control character anywhere. */
const DOI = /^10\.\d{1,9}(?:\.\d{1,9})*\/[^\s"\\\p{Cc}]+$/u;
/** arXiv registers its DOIs as `10.48550/arXiv.<id>`. */
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/u;
const PMCID = /^(?:pmcid:\s*)?pmc(\d{1,12})$/iu;
const PMID = /^pmid:\s*(\d{1,12})$/iu;
const ARXIV_PREFIX = /^arxiv:\s*/iu;
/** New-style (`2101.00001`, `0704.0001v2`) and old-style (`hep-th/9901001`, `math.GT/0309136v1`) arXiv ids. */
const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?\/\d{7})(?:v\d{1,3})?$/u;

/** Digits without leading zeros (`000123` → `123`); `undefined` for zero. */
function canonicalNumber(digits: string): string | undefined {
  const trimmed = digits.replace(/^0+/u, '');
  return trimmed === '' ? undefined : trimmed;
}

function arxivReference(id: string): WorkReference | undefined {
  return ARXIV_ID.test(id) ? { kind: 'arxiv', arxiv: id } : undefined;
}

/**
 * The work a `work` argument names (docs/tools.md#qiongli_literature_read_fulltext), in canonical form:
 * a DOI (normalised as the search normalises DOIs: trimmed, lowercased, one `https://doi.org/`,
 * `http://doi.org/` or `doi:` removed; an arXiv DOI `10.48550/arXiv.<id>` is read as that arXiv
 * id), `PMCID:PMC<digits>` or `PMC<digits>`, `PMID:<digits>`, `arXiv:<id>` (new- or old-style,
 * with or without a version). Anything else → `undefined`. Only these shapes pass, so no value
 * can carry a host, a path or a query of its own into a request.
 */
export function parseWorkReference(value: string): WorkReference | undefined {
  const text = value.trim();
  const pmcid = PMCID.exec(text)?.[1];
  if (pmcid !== undefined) {
    const digits = canonicalNumber(pmcid);
    return digits === undefined ? undefined : { kind: 'pmcid', pmcid: `PMC${digits}` };
  }
  const pmid = PMID.exec(text)?.[1];
  if (pmid !== undefined) {
    const digits = canonicalNumber(pmid);
    return digits === undefined ? undefined : { kind: 'pmid', pmid: digits };
  }
  if (ARXIV_PREFIX.test(text)) return arxivReference(text.replace(ARXIV_PREFIX, ''));
  const doi = normaliseDoi(text);
  if (doi === undefined || doi.length > MAX_DOI_CHARACTERS || !DOI.test(doi)) return undefined;
  const arxivDoi = ARXIV_DOI.exec(doi)?.[1];
  // The DOI was lowercased: an old-style subject class (`math.gt/…`) is upper case in arXiv ids.
  if (arxivDoi !== undefined) return arxivReference(arxivDoi.replace(/\.([a-z]{2})\//u, (_match, subject: string) => `.${subject.toUpperCase()}/`));
  return { kind: 'doi', doi };
}

/** The identifiers a reference itself gives, as the result's `work` starts out. */
export function workIdentifiers(work: WorkReference): ResolvedWork {
  if (work.kind === 'doi') return { doi: work.doi };
  if (work.kind === 'pmcid') return { pmcid: work.pmcid };
  if (work.kind === 'pmid') return { pmid: work.pmid };
  return { arxiv: work.arxiv };
}

/** One text per reference, the same for equal references (binds a cursor to its work). */
export const workKey = (work: WorkReference): string => `${work.kind}:${Object.values(workIdentifiers(work))[0]}`;
