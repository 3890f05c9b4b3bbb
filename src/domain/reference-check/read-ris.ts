import type { Stepwise } from '../shared/stepwise.js';
import {
  arxivInText,
  checkable,
  doiInText,
  doiOf,
  KEPT_CHARACTERS,
  keptText,
  pmidInText,
  surnameOf,
  unreadable,
  yearIn,
  type GivenReference,
} from './given-reference.js';
import { MAX_REFERENCES } from './reference-check-input.js';

/** A tagged RIS line: two-character tag, two spaces, a hyphen, a space (the space may be missing before an empty value). */
const TAG_LINE = /^([A-Z][A-Z0-9]) {2}-(?: (.*))?$/u;

/** Tags read, in the order they win for each field. */
const TAGS = {
  title: ['TI', 'T1', 'CT'],
  author: ['AU', 'A1'],
  year: ['PY', 'Y1', 'DA'],
  venue: ['JO', 'JF', 'T2', 'JA', 'J2', 'BT'],
  doi: ['DO'],
  link: ['UR', 'L1', 'L2', 'LK'],
  note: ['AN', 'N1', 'M1', 'C1'],
} as const;

type Record = Map<string, string[]>;

const first = (record: Record, tags: readonly string[]): string | undefined => {
  for (const tag of tags) {
    const value = record.get(tag)?.[0];
    if (value !== undefined && value.length > 0) return value;
  }
  return undefined;
};

const all = (record: Record, tags: readonly string[]): string[] => tags.flatMap((tag) => record.get(tag) ?? []);

/** The reference one RIS record describes; a title longer than a reference's is `too_long`. */
function referenceOfRis(record: Record): GivenReference {
  const rawTitle = first(record, TAGS.title);
  if (rawTitle !== undefined && rawTitle.length > KEPT_CHARACTERS.title) return unreadable('too_long');
  const reference: { -readonly [K in keyof GivenReference]: GivenReference[K] } = {};
  const title = keptText(rawTitle, KEPT_CHARACTERS.title);
  if (title !== undefined) reference.title = title;
  const firstAuthor = surnameOf(first(record, TAGS.author));
  if (firstAuthor !== undefined) reference.firstAuthor = firstAuthor;
  const year = yearIn(first(record, TAGS.year));
  if (year !== undefined) reference.year = year;
  const venue = keptText(first(record, TAGS.venue), KEPT_CHARACTERS.venue);
  if (venue !== undefined) reference.venue = venue;
  const links = all(record, TAGS.link).map((link) => link.slice(0, 512));
  const doi = doiOf(first(record, TAGS.doi)?.slice(0, 512)) ?? links.map(doiInText).find((value) => value !== undefined);
  if (doi !== undefined) reference.doi = doi;
  const pmid = all(record, TAGS.note)
    .map((note) => pmidInText(note.slice(0, 512)))
    .find((value) => value !== undefined);
  if (pmid !== undefined) reference.pmid = pmid;
  const arxiv = links.map(arxivInText).find((value) => value !== undefined);
  if (arxiv !== undefined) reference.arxiv = arxiv;
  return checkable(reference);
}

/**
 * Reads RIS (docs/tools.md#the-reference-check): records from `TY  -` to
 * `ER  -`; an untagged line continues the value before it; tags other than those read are
 * skipped (abstracts, keywords, files). One record per step; linear in the text. A record that
 * never ends (`ER` missing) still counts as read up to the next `TY` or the end. Reading stops
 * after one reference more than a call may check.
 */
export function* readRis(text: string): Stepwise<GivenReference[]> {
  const references: GivenReference[] = [];
  let record: Record | undefined;
  let lastValues: string[] | undefined;
  let lines = 0;
  const close = () => {
    if (record !== undefined) references.push(referenceOfRis(record));
    record = undefined;
    lastValues = undefined;
  };
  for (const line of text.split(/\r?\n/u)) {
    if (++lines % 256 === 0) yield;
    if (references.length > MAX_REFERENCES) break;
    const tagged = TAG_LINE.exec(line.length > 8 ? `${line.slice(0, 6)}${line.slice(6, 6 + 8192)}` : line);
    if (tagged === null) {
      const continued = line.trim();
      if (lastValues !== undefined && continued.length > 0 && lastValues.length > 0) {
        const last = lastValues.length - 1;
        if (lastValues[last]!.length < 8192) lastValues[last] = `${lastValues[last]} ${continued.slice(0, 8192)}`;
      }
      continue;
    }
    const tag = tagged[1]!;
    const value = (tagged[2] ?? '').trim();
    if (tag === 'TY') {
      close();
      record = new Map();
      lastValues = undefined;
      continue;
    }
    if (tag === 'ER') {
      close();
      yield;
      continue;
    }
    if (record === undefined) continue;
    const values = record.get(tag) ?? [];
    if (values.length < 16) values.push(value);
    record.set(tag, values);
    lastValues = values;
  }
  close();
  return references;
}
