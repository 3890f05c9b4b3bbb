import type { LicenceChoice, LicenceOrigin } from '../../ports/fulltext-client.port.js';

/** One claim read: where it comes from, the short name, the URL as given. */
interface LicenceReading {
  readonly from: LicenceOrigin;
  readonly licence: string;
  readonly url?: string;
}

/** Creative Commons licence kinds as their URLs write them, and as their names do. */
const CC_KINDS: Readonly<Record<string, string>> = {
  by: 'BY',
  'by-sa': 'BY-SA',
  'by-nd': 'BY-ND',
  'by-nc': 'BY-NC',
  'by-nc-sa': 'BY-NC-SA',
  'by-nc-nd': 'BY-NC-ND',
};

/** arXiv's licence URLs for its own licences. */
const ARXIV_LICENCES: Readonly<Record<string, string>> = {
  'nonexclusive-distrib/1.0': 'arXiv non-exclusive distribution licence 1.0',
  'assumed-1991-2003': 'arXiv non-exclusive distribution licence (assumed, 1991-2003)',
};

/** `text` without the `/`s it ends with, by a scan from its end (/\/+$/ would be quadratic in a run of `/`). */
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}

/**
 * The short name of a licence from its URL (`https://creativecommons.org/licenses/by-nc/4.0/` →
 * `CC BY-NC 4.0`, `…/publicdomain/zero/1.0/` → `CC0 1.0`, arXiv's own licences by name);
 * `undefined` for a URL it does not know.
 */
export function licenceNameOfUrl(url: string): string | undefined {
  const path = withoutTrailingSlashes(url.replace(/^https?:\/\/(?:www\.)?/iu, '')).toLowerCase();
  const cc = /^creativecommons\.org\/licenses\/([a-z-]+)\/(\d+(?:\.\d+)?)(?:\/[a-z]{2})?(?:\/legalcode)?$/u.exec(path);
  if (cc !== null && Object.hasOwn(CC_KINDS, cc[1]!)) return `CC ${CC_KINDS[cc[1]!]} ${cc[2]}`;
  const zero = /^creativecommons\.org\/publicdomain\/zero\/(\d+(?:\.\d+)?)(?:\/legalcode)?$/u.exec(path);
  if (zero !== null) return `CC0 ${zero[1]}`;
  if (/^creativecommons\.org\/publicdomain\/mark\/1\.0$/u.test(path)) return 'Public Domain Mark 1.0';
  const arxiv = /^arxiv\.org\/licenses\/(.+)$/u.exec(path)?.[1];
  return arxiv !== undefined && Object.hasOwn(ARXIV_LICENCES, arxiv) ? ARXIV_LICENCES[arxiv] : undefined;
}

/** The short name of a licence as Europe PMC's `license` field writes it (`cc by-nc-nd` → `CC BY-NC-ND`, `cc0` → `CC0`). */
export function licenceNameOfLabel(label: string): string | undefined {
  const text = label.trim().toLowerCase();
  if (text === 'cc0') return 'CC0';
  const cc = /^cc[ -]([a-z-]+)$/u.exec(text)?.[1];
  return cc !== undefined && Object.hasOwn(CC_KINDS, cc) ? `CC ${CC_KINDS[cc]}` : undefined;
}

/** What one source says of a document's licence: a URL it gives, or a label (Europe PMC's, an arXiv page's `License: …` line). */
export type LicenceClaim = { readonly from: LicenceOrigin; readonly url?: string; readonly label?: string };

/** A claim read: the licence's short name (`unknown` for a URL the reader does not know) and the URL as given. */
function reading(claim: LicenceClaim): LicenceReading | undefined {
  if (claim.url !== undefined) return { from: claim.from, licence: licenceNameOfUrl(claim.url) ?? 'unknown', url: claim.url };
  const named = claim.label === undefined ? undefined : (licenceNameOfLabel(claim.label) ?? pageLicence(claim.label));
  return named === undefined ? undefined : { from: claim.from, licence: named };
}

/** Two names agree when equal, or when one is the other without its version (Europe PMC's `CC BY` and the article's `CC BY 4.0`). */
const agree = (a: string, b: string): boolean => a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);

/**
 * The licence of a document (docs/tools.md#qiongli_literature_read_fulltext) from what its sources
 * say, most authoritative first (the article's own `article-meta/permissions`, or arXiv's record
 * of the paper; then Europe PMC's search record, or the page's licence line): the first that
 * names one is used — a URL the reader does not know is that URL with the name `unknown`, never
 * a name taken from elsewhere. When another source names a licence that does not agree with it,
 * the answer carries both (`conflict`). No claim at all → `unknown`.
 */
export function chooseLicence(claims: readonly LicenceClaim[]): LicenceChoice {
  const readings = claims.map(reading).filter((read) => read !== undefined);
  const used = readings[0];
  if (used === undefined) return { licence: 'unknown' };
  const other = readings.slice(1).find((read) => !agree(read.licence, used.licence));
  return {
    licence: used.licence,
    ...(used.url === undefined ? {} : { licenceUrl: used.url }),
    licenceFrom: used.from,
    ...(other === undefined
      ? {}
      : { licenceConflict: { from: other.from, licence: other.licence, ...(other.url === undefined ? {} : { licenceUrl: other.url }) } }),
  };
}

/** The licence an arXiv page's `License: …` line names, when it is one the reader knows. */
function pageLicence(line: string): string | undefined {
  const text = line
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^license:\s*/iu, '');
  const cc = /^CC (BY(?:-NC)?(?:-SA|-ND)?) (\d\.\d)$/u.exec(text);
  if (cc !== null) return `CC ${cc[1]} ${cc[2]}`;
  if (/^CC Zero$/iu.test(text)) return 'CC0 1.0';
  return /^arxiv\.org perpetual non-exclusive license$/iu.test(text) ? ARXIV_LICENCES['nonexclusive-distrib/1.0'] : undefined;
}
