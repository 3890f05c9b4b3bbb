import { type Creator, parse } from '@retorquere/bibtex-parser';

/** One entry as a real BibTeX parser reads it. */
interface ParsedBibEntry {
  readonly type: string;
  readonly key: string;
  /** Field values as they stand in the file (outer braces removed, inner ones kept). */
  readonly fields: Readonly<Record<string, string>>;
  /** Field names in file order. */
  readonly order: readonly string[];
  /** How many names BibTeX's `and` splitting finds in `author`. */
  readonly author_count: number;
}

/** What the parser made of a whole file: its entries, and how many faults it found. */
export interface ParsedBibFile {
  readonly entries: readonly ParsedBibEntry[];
  /** Entries the parser could not read, plus values whose braces BibTeX would count differently. */
  readonly errors: number;
}

/**
 * True when `value` is balanced for BibTeX's brace counting, in which a backslash hides no
 * brace (`\}` still closes a level): the level never dips below zero and ends at zero.
 */
function bibtexBalanced(value: string): boolean {
  let level = 0;
  for (const ch of value) {
    if (ch === '{') level += 1;
    else if (ch === '}' && --level < 0) return false;
  }
  return level === 0;
}

/**
 * Parses `bib` with `@retorquere/bibtex-parser` (the parser of Better BibTeX for Zotero, so the
 * file is read as Zotero users' tools read it), in raw mode: values as written, names split on
 * `and` as BibTeX splits them. That parser reads `\}` as an escaped brace, as LaTeX does, while
 * BibTeX, biber and pybtex count every brace; so each value it returns must also be balanced
 * for BibTeX's counting ({@link bibtexBalanced}), else it is counted as an error. A value
 * balanced both ways ends at the same closing brace for both readers, so an entry that passes
 * reads the same in BibTeX: an unbalanced brace, a forged field or a forged entry fails
 * (docs/decisions.md, "BibTeX checked by a real parser").
 */
export function parseBibtex(bib: string): ParsedBibFile {
  const library = parse(bib, { raw: true, removeOuterBraces: [], english: false });
  let errors = library.errors.length;
  const entries = library.entries.map((entry): ParsedBibEntry => {
    const fields: Record<string, string> = {};
    let authorCount = 0;
    for (const [name, value] of Object.entries(entry.fields)) {
      const parts: string[] = Array.isArray(value)
        ? value.flatMap((item: string | Creator) =>
            typeof item === 'string' ? [item] : [item.name, item.lastName, item.firstName].filter((part) => part !== undefined),
          )
        : [String(value)];
      errors += parts.filter((part) => !bibtexBalanced(part)).length;
      if (name === 'author' && Array.isArray(value)) authorCount = value.length;
      fields[name] = parts.join(' and ');
    }
    if (!bibtexBalanced(entry.input.slice(entry.input.indexOf('{') + 1, entry.input.lastIndexOf('}')))) errors += 1;
    return { type: entry.type, key: entry.key, fields, order: Object.keys(fields), author_count: authorCount };
  });
  return { entries, errors };
}

/** The exporter's escapes, longest first, each with the character it stands for. */
const ESCAPED = /\\textbackslash\{\}|\\\{\\vphantom\{\\\}\}|\\vphantom\{\\\{\}\\\}|\\\^\{\}|\\~\{\}|\\[#%&_$]/gu;
const UNESCAPE: Readonly<Record<string, string>> = {
  '\\textbackslash{}': '\\',
  '\\{\\vphantom{\\}}': '{',
  '\\vphantom{\\{}\\}': '}',
  '\\^{}': '^',
  '\\~{}': '~',
};

/** A value as it was before the exporter escaped it (every backslash of the file starts an escape). */
export const unescapeBibtex = (value: string): string => value.replace(ESCAPED, (sequence) => UNESCAPE[sequence] ?? sequence.slice(1));
