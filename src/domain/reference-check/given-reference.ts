import type { ReferenceIdentifier } from '../../ports/reference-lookup.port.js';
import { collapseWhitespace, normaliseDoi } from '../literature-search/record-keys.js';

/**
 * Why a reference could not be read (docs/tools.md#the-reference-check): a
 * syntax the reader could not follow (`syntax`), longer than a reference may be (`too_long`),
 * braces or brackets nested deeper than a reference needs (`nesting`), or nothing to check by
 * (`no_fields`: neither a title, a text nor an identifier).
 */
export type UnreadableReason = 'syntax' | 'too_long' | 'nesting' | 'no_fields';

/** A reference as read from the input, whatever its format; every text bounded. */
export interface GivenReference {
  readonly title?: string;
  /** The first author's surname (family name, or an institution's name). */
  readonly firstAuthor?: string;
  readonly year?: number;
  readonly venue?: string;
  readonly doi?: string;
  readonly pmid?: string;
  readonly arxiv?: string;
  /** The reference as one text, when it came as plain text (its title is not known apart). */
  readonly text?: string;
  /** Set when the reference could not be read; the other fields are then absent. */
  readonly unreadable?: UnreadableReason;
}

/** Characters kept of each text field (longer titles and venues are cut: no real one is this long). */
export const KEPT_CHARACTERS = { title: 1024, firstAuthor: 128, venue: 512, text: 2048 } as const;

/** An unreadable reference. */
export const unreadable = (reason: UnreadableReason): GivenReference => ({ unreadable: reason });

const DOI_IN_TEXT = /\b10\.\d{4,9}\/[^\s"<>{}]+/iu;
const ARXIV_NEW = /^(?:arxiv:)?(\d{4}\.\d{4,5})(?:v\d+)?$/iu;
const ARXIV_OLD = /^(?:arxiv:)?([a-z-]+(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?$/iu;
const ARXIV_IN_TEXT = /arxiv(?:\.org\/(?:abs|pdf)\/|\s*:\s*|\s+)(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?/iu;
const PMID_IN_TEXT = /\bpmid\s*:?\s*(\d{1,9})\b/iu;

/** A DOI as the check compares it (§7.3.5 normalisation, then `10.<digits>/<suffix>`), or `undefined`. */
export function doiOf(value: string | undefined): string | undefined {
  const doi = normaliseDoi(value?.replace(/^https?:\/\/(?:dx\.)?doi\.org\//iu, ''));
  if (doi === undefined) return undefined;
  const trimmed = doi.replace(/[.,;:]+$/u, '');
  return /^10\.\d{4,9}\/\S+$/u.test(trimmed) ? trimmed : undefined;
}

/** The DOI a text holds (a `doi.org` link or a bare `10.…/…`), trailing punctuation dropped. */
export function doiInText(text: string): string | undefined {
  const found = DOI_IN_TEXT.exec(text)?.[0];
  return found === undefined ? undefined : doiOf(found.replace(/[).\],;:]+$/u, ''));
}

/** An arXiv id without `arXiv:` and version (`2101.00001`, `hep-th/9901001`), or `undefined`. */
export function arxivOf(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  const match = ARXIV_NEW.exec(trimmed) ?? ARXIV_OLD.exec(trimmed);
  return match?.[1]?.toLowerCase();
}

/** The arXiv id a text names (`arXiv:2101.00001`, `arxiv.org/abs/…`). */
export const arxivInText = (text: string): string | undefined => ARXIV_IN_TEXT.exec(text)?.[1]?.toLowerCase();

/** A PMID (1–9 digits, no leading zero), or `undefined`. */
export function pmidOf(value: string | number | undefined): string | undefined {
  const digits = String(value ?? '').trim();
  return /^[1-9]\d{0,8}$/u.test(digits) ? digits : undefined;
}

/** The PMID a text labels (`PMID: 12345`). */
export const pmidInText = (text: string): string | undefined => pmidOf(PMID_IN_TEXT.exec(text)?.[1]);

/** The first four-digit year (1000–2999) in a text such as `2019-05-01` or `May 2019`. */
export function yearIn(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1000 && value <= 9999 ? value : undefined;
  const match = /(?:^|\D)([12]\d{3})(?!\d)/u.exec(value ?? '');
  return match === null ? undefined : Number(match[1]);
}

/** A text field kept for checking: whitespace collapsed, cut to `max` characters, blank → absent. */
export function keptText(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  const text = collapseWhitespace(value.length > max * 2 ? value.slice(0, max * 2) : value).replaceAll('\u0000', '');
  if (text.length === 0) return undefined;
  return text.length > max ? text.slice(0, max) : text;
}

/** The surname of an author written `Family, Given`, `Given Family` or `G. Family`. */
export function surnameOf(name: string | undefined): string | undefined {
  const text = keptText(name, KEPT_CHARACTERS.firstAuthor);
  if (text === undefined) return undefined;
  const comma = text.indexOf(',');
  if (comma > 0) return keptText(text.slice(0, comma), KEPT_CHARACTERS.firstAuthor);
  return lastNameOf(text.split(' '));
}

/** Initials written after a surname, as PubMed writes every name (`Wakefield AJ`). */
const INITIALS = /^\p{Lu}{1,3}$/u;

/**
 * The surname among the words of a name written without a comma: its last word (`Jane Smith`), or
 * the words before trailing initials (`Wakefield AJ`, `van der Berg JH`: PubMed's form).
 */
export function lastNameOf(words: readonly string[]): string | undefined {
  if (words.length > 1 && INITIALS.test(words[words.length - 1]!)) return words.slice(0, -1).join(' ');
  return words[words.length - 1];
}

/** The identifiers a reference names, in the order they are looked up. */
export function identifiersOf(reference: GivenReference): ReferenceIdentifier[] {
  const ids: ReferenceIdentifier[] = [];
  if (reference.doi !== undefined) ids.push({ kind: 'doi', value: reference.doi });
  if (reference.pmid !== undefined) ids.push({ kind: 'pmid', value: reference.pmid });
  if (reference.arxiv !== undefined) ids.push({ kind: 'arxiv', value: reference.arxiv });
  return ids;
}

/** What a reference needs to be checked: a title, a text or an identifier; otherwise it is `no_fields`. */
export function checkable(reference: GivenReference): GivenReference {
  if (reference.unreadable !== undefined) return reference;
  const any = reference.title !== undefined || reference.text !== undefined || identifiersOf(reference).length > 0;
  return any ? reference : unreadable('no_fields');
}
