/*
 * Entries without TeX need no TeX parser. Measured (bench/suites/reference-check.mjs, 2026-12-06,
 * shared 2-core machine under load): @retorquere/bibtex-parser reads 200 ordinary entries in
 * 100–230 ms warm and 780–950 ms on a fresh process (its LaTeX grammar runs on every value), so
 * 200 BibTeX references could not be checked in the 100 ms of CPU the check allows. An entry
 * whose kept values are plain text (no backslash, brace, dollar, tilde, percent or macro) is read
 * here; every other entry goes to the library. A test holds the two to the same fields on the
 * plain entries of the labelled set.
 */
import { BIBTEX_FIELD_SOURCES, type BibtexAuthor, type BibtexFields } from '../../ports/bibliography-parser.port.js';

/** A value written `{…}` or `"…"` with nothing TeX inside, or bare digits. */
const PLAIN = /^(?:\{([^\\{}$~%#^_]*)\}|"([^\\{}$~%#^_"]*)"|(\d+))$/u;

/** A verbatim field (a DOI, a link, an eprint id): only braces and backslashes are TeX there. */
const PLAIN_VERBATIM = /^(?:\{([^\\{}]*)\}|"([^\\{}"]*)"|(\d+))$/u;
const VERBATIM = new Set(['doi', 'url', 'eprint']);

/** Words that start the family name when a name is written "Given von Family" (BibTeX's lowercase rule). */
const isVonWord = (word: string): boolean => /^\p{Ll}/u.test(word);

const collapse = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/** One name: "Family, Given", "Family, Jr, Given", or "Given von Family". */
function nameOf(written: string): BibtexAuthor | undefined {
  const parts = written.split(',').map(collapse);
  if (parts.length > 1) {
    const family = parts[0]!;
    const given = parts[parts.length - 1]!;
    if (family.length === 0) return undefined;
    return given.length === 0 ? { family } : { family, given };
  }
  const words = collapse(written)
    .split(' ')
    .filter((word) => word.length > 0);
  if (words.length === 0) return undefined;
  let start = words.length - 1;
  for (let index = 0; index < words.length - 1; index++) {
    if (isVonWord(words[index]!)) {
      start = index;
      break;
    }
  }
  const family = words.slice(start).join(' ');
  const given = words.slice(0, start).join(' ');
  return given.length === 0 ? { family } : { family, given };
}

/** The text of a plain value, or `undefined` when the value holds TeX (or a macro). */
function plainValue(name: string, raw: string | undefined): string | undefined | null {
  if (raw === undefined) return undefined;
  const match = (VERBATIM.has(name) ? PLAIN_VERBATIM : PLAIN).exec(raw);
  if (match === null) return null;
  const text = collapse(match[1] ?? match[2] ?? match[3] ?? '');
  return text.length > 0 ? text : undefined;
}

/**
 * The fields of an entry whose kept values are all plain text, read as the library reads them
 * (names split into family and given, "von" words kept with the family); `undefined` when any
 * value holds TeX or a macro (the library reads the entry then).
 */
export function plainBibtexFields(type: string, fields: ReadonlyMap<string, string>): BibtexFields | undefined {
  const values = new Map<string, string | undefined>();
  for (const [name, raw] of fields) {
    const value = plainValue(name, raw);
    if (value === null) return undefined;
    values.set(name, value);
  }
  const out: { -readonly [K in keyof BibtexFields]: BibtexFields[K] } = { type };
  const first = (...names: string[]) => names.map((name) => values.get(name)).find((value) => value !== undefined);
  const names = first('author') ?? first('editor');
  const authors =
    names === undefined
      ? []
      : names
          .split(/\s+and\s+/iu)
          .map(nameOf)
          .filter((author) => author !== undefined);
  const set = (key: Exclude<keyof BibtexFields, 'type' | 'authors'>, ...names: string[]) => {
    const value = first(...names);
    if (value !== undefined) out[key] = value;
  };
  for (const [key, names] of BIBTEX_FIELD_SOURCES) {
    set(key, ...names);
    if (key === 'title' && authors.length > 0) out.authors = authors;
  }
  return out;
}
