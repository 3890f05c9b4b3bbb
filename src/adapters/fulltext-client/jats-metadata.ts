import type { ResolvedWork } from '../../ports/fulltext-client.port.js';

/** What the metadata of a JATS article tells besides its text. */
export interface JatsMetadata {
  readonly work: ResolvedWork;
  /** The licence URL as the article's own permissions give it (`article-meta/permissions`: `ali:license_ref`, else `license/@xlink:href`). */
  readonly licenceUrl?: string;
  /** Whether the document holds an article at all (PubMed Central answers an unknown PMCID with none). */
  readonly hasArticle: boolean;
  /** Whether the article has a `body` (no body: PubMed Central's metadata-only answer). */
  readonly hasBody: boolean;
  /**
   * Whether its `body` gave at least one passage. An empty `<body/>` beside an abstract and a
   * reference list (PubMed Central's answer for an article whose publisher does not allow the
   * download) is no full text.
   */
  readonly hasBodyText: boolean;
}

/** Article id types that carry a work identifier, and the field each fills. */
const ARTICLE_ID_TYPES: Readonly<Record<string, keyof ResolvedWork>> = { doi: 'doi', pmid: 'pmid', pmcid: 'pmcid', pmc: 'pmcid' };

/** Longest identifier or licence URL kept, in characters. */
const MAX_VALUE_CHARACTERS = 2048;

/**
 * A DOI's shape, `10.<registrant>/<suffix>` without whitespace, as one pattern that runs in time
 * linear in its input: no two of its quantifiers can take the same character (the registrant part
 * stops at the first `/`), so a failed match never backtracks over the text more than once.
 */
const DOI_SHAPE = /^10\.\S[^\s/]*\/\S+$/u;

/**
 * A DOI a source gave, trimmed and lowercased, when it is at most {@link MAX_VALUE_CHARACTERS}
 * long (checked before the pattern, so a huge field costs one bounded pass) and has a DOI's shape.
 */
export function doiOf(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (text === undefined || text.length > MAX_VALUE_CHARACTERS || !DOI_SHAPE.test(text)) return undefined;
  return text.toLowerCase();
}

/** A licence URL as given, if it is an absolute `http(s)` URL of visible ASCII without credentials. */
export function licenceUrlOf(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (text === undefined || text.length > MAX_VALUE_CHARACTERS || !/^https?:\/\/[\x21-\x7e]+$/u.test(text) || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.username === '' && url.password === '' ? text : undefined;
}

/** A captured identifier in its canonical form, or `undefined` when it has none. */
function canonicalId(field: keyof ResolvedWork, value: string): string | undefined {
  if (field === 'doi') return doiOf(value);
  const text = value.trim();
  if (text.length > 32) return undefined;
  const digits = /^(?:PMC)?0*([1-9]\d{0,11})$/iu.exec(text)?.[1];
  if (digits === undefined) return undefined;
  return field === 'pmcid' ? `PMC${digits}` : digits;
}

/**
 * Collects the metadata of the first JATS article of a document while the document is read:
 * `article-id`s (doi, pmid, pmcid/pmc), the licence URL and whether a `body` was seen. The
 * reader hands it the text of the elements it captures.
 */
export class JatsMetadataCollector {
  private readonly work: { -readonly [K in keyof ResolvedWork]: ResolvedWork[K] } = {};
  private licenceRef: string | undefined;
  private licenceHref: string | undefined;
  hasArticle = false;
  hasBody = false;
  hasBodyText = false;

  /** The text of an `article-id` of the given `pub-id-type`; the first of each kind counts. */
  articleId(type: string | undefined, text: string): void {
    const field = type === undefined ? undefined : ARTICLE_ID_TYPES[type];
    if (field === undefined || this.work[field] !== undefined) return;
    const value = canonicalId(field, text);
    if (value !== undefined) this.work[field] = value;
  }

  /** A `body` starts; the callback returned, called at its end, notes whether it gave a passage. */
  bodyOpened(passages: () => number): () => void {
    this.hasBody = true;
    const before = passages();
    return () => {
      if (passages() > before) this.hasBodyText = true;
    };
  }

  /** The `xlink:href` of a `license`. */
  licenceHrefOf(href: string | undefined): void {
    this.licenceHref ??= licenceUrlOf(href);
  }

  /** The text of an `ali:license_ref`. */
  licenceRefOf(text: string): void {
    this.licenceRef ??= licenceUrlOf(text);
  }

  get metadata(): JatsMetadata {
    const licenceUrl = this.licenceRef ?? this.licenceHref;
    const { hasArticle, hasBody, hasBodyText } = this;
    return { work: { ...this.work }, hasArticle, hasBody, hasBodyText, ...(licenceUrl === undefined ? {} : { licenceUrl }) };
  }
}

/**
 * The formula of a `tex-math` element: PubMed Central wraps many in a whole LaTeX document
 * (`\documentclass…\begin{document}$$x^2$$\end{document}`); only the formula is kept, without
 * its `$` delimiters.
 */
export function texFormula(tex: string): string {
  const begin = tex.indexOf('\\begin{document}');
  const end = tex.lastIndexOf('\\end{document}');
  const body = begin >= 0 && end > begin ? tex.slice(begin + '\\begin{document}'.length, end) : tex;
  // The `$` delimiters are cut by scanning from both ends: a pattern such as /\$+$/ would try
  // every `$` of a long run as a start, quadratic in its length.
  const formula = body.trim();
  let from = 0;
  let to = formula.length;
  while (from < to && formula.charCodeAt(from) === DOLLAR) from++;
  while (to > from && formula.charCodeAt(to - 1) === DOLLAR) to--;
  return formula.slice(from, to).trim();
}

const DOLLAR = 0x24;
