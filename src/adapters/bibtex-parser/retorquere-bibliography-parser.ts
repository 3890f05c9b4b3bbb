import { parse, type Creator, type Entry } from '@retorquere/bibtex-parser';
import {
  BIBTEX_FIELD_SOURCES,
  type BibliographyParser,
  type BibtexAuthor,
  type BibtexEntryReading,
  type BibtexFields,
} from '../../ports/bibliography-parser.port.js';

/**
 * Library options: no sentence casing (titles are compared on a case-free normal form), no
 * English guessing, and unknown TeX commands ignored rather than thrown.
 */
const OPTIONS = { sentenceCase: false, english: false, unsupported: 'ignore' } as const;

/** Errors that leave the entry's fields whole: an `@string` name the bibliography never defines. */
const BENIGN_ERROR = /^Unresolved @string reference/u;

/** The HTML markup the library writes for `\emph`, `\textbf`, `^{}`, case protection… */
const MARKUP = /<\/?(?:i|b|sup|sub|span|ncx|nc|sc|em|strong)(?:\s[^<>]*)?>/gu;

/** Text without the library's markup, whitespace collapsed; `undefined` when nothing is left. */
function plain(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(MARKUP, '').replace(/\s+/gu, ' ').trim().normalize('NFC');
  return text.length > 0 ? text : undefined;
}

function author(creator: Creator): BibtexAuthor | undefined {
  const literal = plain(creator.name);
  if (literal !== undefined) return { literal };
  const family = plain([creator.prefix, creator.lastName].filter((part) => part !== undefined && part.length > 0).join(' '));
  if (family === undefined) return undefined;
  const given = plain(creator.firstName);
  return given === undefined ? { family } : { family, given };
}

function fieldsOf(entry: Entry): BibtexFields {
  const fields = entry.fields as Record<string, unknown>;
  const creators = (Array.isArray(fields['author']) ? fields['author'] : Array.isArray(fields['editor']) ? fields['editor'] : []) as Creator[];
  const authors = creators.map(author).filter((value) => value !== undefined);
  const out: { -readonly [K in keyof BibtexFields]: BibtexFields[K] } = { type: entry.type.toLowerCase() };
  const set = (name: Exclude<keyof BibtexFields, 'type' | 'authors'>, ...keys: string[]) => {
    for (const key of keys) {
      const value = plain(fields[key]);
      if (value !== undefined) {
        out[name] = value;
        return;
      }
    }
  };
  for (const [key, names] of BIBTEX_FIELD_SOURCES) {
    set(key, ...names);
    if (key === 'title' && authors.length > 0) out.authors = authors;
  }
  return out;
}

/**
 * {@link BibliographyParser} over `@retorquere/bibtex-parser` (the parser behind Better BibTeX for
 * Zotero): LaTeX to Unicode, name lists split into family and given names, `@string` macros
 * resolved. One entry per call; the library's error texts (which quote the input) are dropped.
 */
export class RetorquereBibliographyParser implements BibliographyParser {
  readEntry(entry: string, strings?: string): BibtexEntryReading {
    try {
      const library = parse(entry, strings === undefined ? OPTIONS : { ...OPTIONS, strings });
      const first = library.entries[0];
      if (first === undefined || library.entries.length !== 1) return { ok: false, error: 'unreadable' };
      if (library.errors.some((error) => !BENIGN_ERROR.test(error.error))) return { ok: false, error: 'unreadable' };
      return { ok: true, value: fieldsOf(first) };
    } catch {
      return { ok: false, error: 'unreadable' };
    }
  }
}
