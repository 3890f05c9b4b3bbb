import type { ExportRecord } from './export-record.js';

const MAX_NAME_LENGTH = 32;

/**
 * One citation key per record, in record order: the first author's family name (or the first
 * word of a literal name, else of the title) reduced to ASCII letters and digits and
 * lowercased, followed by the year. Repeated keys get a suffix `a`…`z`, then `_27`, `_28`…,
 * skipping any key already taken. Every key matches `^[A-Za-z0-9_:-]+$` and is unique; an
 * empty base becomes `ref`. Deterministic: the same records give the same keys.
 *
 * CSL-JSON uses the same keys as `id`, so the JSON and BibTeX files name records alike.
 */
export function citationKeys(records: readonly ExportRecord[]): string[] {
  const taken = new Set<string>();
  // Per base, the first suffix number not yet tried: every earlier one is taken, so a base
  // shared by many records (one author's papers of one year) costs one step per record, not
  // one per earlier record.
  const nextSuffix = new Map<string, number>();
  return records.map((record) => {
    const base = `${keyName(record)}${record.year ?? ''}`;
    let n = nextSuffix.get(base) ?? 0;
    let key = n === 0 ? base : `${base}${suffix(n)}`;
    while (taken.has(key)) key = `${base}${suffix(++n)}`;
    nextSuffix.set(base, n + 1);
    taken.add(key);
    return key;
  });
}

function keyName(record: ExportRecord): string {
  const author = record.authors[0];
  const candidates = [author?.kind === 'person' ? author.family : firstWord(author?.literal), firstWord(record.title)];
  for (const candidate of candidates) {
    const ascii = asciiWord(candidate ?? '');
    if (ascii !== '') return ascii;
  }
  return 'ref';
}

const firstWord = (text: string | undefined): string | undefined => text?.split(' ')[0];

/** Letters and digits only, accents removed (é → e), lowercased, at most 32 characters. */
const asciiWord = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
    .slice(0, MAX_NAME_LENGTH);

const suffix = (n: number): string => (n <= 26 ? String.fromCharCode(0x60 + n) : `_${n + 1}`);
