import type { Stepwise } from '../shared/stepwise.js';
import { arxivInText, checkable, doiInText, KEPT_CHARACTERS, keptText, pmidInText, unreadable, type GivenReference } from './given-reference.js';
import { MAX_REFERENCES } from './reference-check-input.js';

/** Longest plain-text reference read, in characters (a reference with its abstract pasted in fits). */
const MAX_TEXT_REFERENCE_CHARACTERS = 8192;

const ENUMERATION = /^\s*(?:\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}[.)]|[-*•–])\s+/u;
const LINKS = /\b(?:https?:\/\/\S+|doi:\s*\S+|10\.\d{4,9}\/\S+|arxiv:\s*\S+)/giu;
const YEAR_IN_PARENTHESES = /\((?:[^()]{0,20}?\b)?((?:1[89]|20)\d{2})[a-z]?(?:\b[^()]{0,20})?\)/u;
const YEAR = /(?:^|[^\d/.-])((?:1[89]|20)\d{2})[a-z]?(?![\d/])/u;

/** The pieces of a plain-text bibliography: blank-line paragraphs when there are any, else lines. */
function pieces(text: string): string[] {
  const paragraphs = /\n[ \t\r]*\n/u.test(text);
  const parts = paragraphs ? text.split(/\n[ \t\r]*\n/u) : text.split(/\r?\n/u);
  return parts.map((part) => part.replace(ENUMERATION, '').replace(/\s+/gu, ' ').trim()).filter((part) => part.length > 0);
}

/** The publication year a reference text states: one in parentheses first (APA), else the first, links left out. */
function yearInText(text: string): number | undefined {
  const bare = text.replace(LINKS, ' ');
  const match = YEAR_IN_PARENTHESES.exec(bare) ?? YEAR.exec(bare);
  return match === null ? undefined : Number(match[1]);
}

/** The first author's surname at the head of a reference (`Smith, J.`, `Smith J,`, `J. Smith,`), when it reads as one. */
function leadingSurname(text: string): string | undefined {
  const head = /^(?:(?:\p{Lu}\.\s*){1,3}|\p{Lu}\p{Ll}+\s+(?:\p{Lu}\.\s*)*)?([\p{Lu}][\p{L}'’-]+)(?=[\s,.])/u.exec(text.slice(0, 200));
  return head?.[1];
}

/** The reference a plain text describes: its identifiers, year and first author, and the text itself. */
export function referenceOfText(text: string): GivenReference {
  if (text.length > MAX_TEXT_REFERENCE_CHARACTERS) return unreadable('too_long');
  const reference: { -readonly [K in keyof GivenReference]: GivenReference[K] } = {};
  const kept = keptText(text, KEPT_CHARACTERS.text);
  if (kept !== undefined) reference.text = kept;
  const firstAuthor = leadingSurname(text);
  if (firstAuthor !== undefined) reference.firstAuthor = firstAuthor;
  const year = yearInText(text);
  if (year !== undefined) reference.year = year;
  const doi = doiInText(text);
  if (doi !== undefined) reference.doi = doi;
  const pmid = pmidInText(text);
  if (pmid !== undefined) reference.pmid = pmid;
  const arxiv = arxivInText(text);
  if (arxiv !== undefined) reference.arxiv = arxiv;
  return checkable(reference);
}

/**
 * Reads a plain-text bibliography (docs/tools.md#the-reference-check): one
 * reference per blank-line paragraph when the text has blank lines, else one per line; leading
 * numbering (`[3]`, `3.`, `-`) dropped. One reference per step; reading stops after one
 * reference more than a call may check.
 */
export function* readPlainText(text: string): Stepwise<GivenReference[]> {
  const references: GivenReference[] = [];
  for (const piece of pieces(text)) {
    if (references.length > MAX_REFERENCES) break;
    references.push(referenceOfText(piece));
    yield;
  }
  return references;
}
