import type { LiteratureRecord } from '../shared/literature-record.js';

/**
 * Most UTF-8 bytes the abstracts of one search result hold together: 2 MiB. A response carries
 * the result twice (content text and structuredContent), so 1,000 records with 2,000-character
 * abstracts in Chinese (6 KB each) would otherwise pass the 8 MiB response bound and the whole
 * answer would be replaced by an error (bench/RESULTS.md, measurement f).
 */
export const MAX_ABSTRACT_BYTES = 2 * 1024 * 1024;

/** The warning of a result whose later records lost their abstracts to {@link MAX_ABSTRACT_BYTES}. */
export const abstractsLeftOutWarning = (count: number): string =>
  `abstracts left out of the last ${count} records to keep the response within its size bound; a smaller total_limit keeps them`;

/** UTF-8 bytes of a string, without encoding it. */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) continue;
    // 2 bytes below U+0800, 3 for the rest of the BMP; a surrogate pair is 4 bytes for 2 units.
    bytes += unit < 0x800 ? 1 : unit >= 0xd800 && unit <= 0xdfff ? 1 : 2;
  }
  return bytes;
}

/**
 * Keeps the abstracts of `records`, in result order, while together they stay within
 * {@link MAX_ABSTRACT_BYTES}; from the first one that would cross it, every later record loses
 * its abstract (so the best-ranked records keep theirs). Changes the records in place and
 * returns how many lost an abstract (0 almost always: 1,000 English abstracts of 2,000
 * characters fit).
 */
export function boundAbstracts(records: Pick<LiteratureRecord, 'abstract'>[]): number {
  let total = 0;
  let leftOut = 0;
  for (const record of records) {
    if (record.abstract === undefined) continue;
    if (leftOut === 0) {
      total += utf8Bytes(record.abstract);
      if (total <= MAX_ABSTRACT_BYTES) continue;
    }
    delete record.abstract;
    leftOut += 1;
  }
  return leftOut;
}
