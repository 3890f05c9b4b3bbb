import type { ReferenceFormat, ReferenceObject } from './reference-check-input.js';

/*
 * Which reader a references string goes to, apart from the readers themselves: the tool slice
 * asks it before the BibTeX parser is loaded, at no cost of loading the check.
 */

/**
 * The format of a references string when the call does not name it: CSL-JSON when it starts with
 * `{`, `[{`, `[[` or `[]`, BibTeX when a line starts with `@type{`, RIS when a line starts with `TY  -`,
 * plain text otherwise.
 */
export function detectFormat(text: string): ReferenceFormat {
  if (/^\s*(?:\{|\[\s*[{[\]])/u.test(text)) return 'csl-json';
  if (/^[ \t]*@[A-Za-z]+[ \t]*[{(]/mu.test(text)) return 'bibtex';
  if (/^TY {2}-/mu.test(text)) return 'ris';
  return 'text';
}

/** The text with its NUL characters dropped (they are dropped before anything is read). */
export const withoutNul = (text: string): string => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/**
 * Whether reading `references` needs the BibTeX parser: a string named, or detected as, BibTeX
 * (the same decision `readReferences` takes). The parser's library is large and loaded on
 * first use, so a call that reads no BibTeX never loads it.
 */
export const needsBibtexParser = (references: string | readonly ReferenceObject[], format: ReferenceFormat | undefined): boolean =>
  typeof references === 'string' && (format ?? detectFormat(withoutNul(references))) === 'bibtex';
