import { MAX_PASSAGE_CHARACTERS } from '../../domain/fulltext/passage-ids.js';

// Control characters other than whitespace (C0, DEL, C1): never part of a clean text.
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/gu;
const WHITESPACE = /\s+/gu;

/**
 * A piece of document text made clean (docs/provider-data.md#8-full-text-documents): control
 * characters removed, every run of whitespace (Unicode's, no-break spaces included) one space.
 * Leading and trailing spaces are kept as one space, so pieces join with their word breaks.
 */
export const cleanPiece = (text: string): string => text.replace(CONTROLS, '').replace(WHITESPACE, ' ');

/** Whether the UTF-16 unit before `at` starts a surrogate pair that `at` would cut. */
const cutsPair = (text: string, at: number): boolean => {
  const unit = text.charCodeAt(at - 1);
  return unit >= 0xd800 && unit <= 0xdbff;
};

/**
 * A clean text (spaces left between its pieces merged into one) cut into passages of at most {@link MAX_PASSAGE_CHARACTERS} UTF-16 units (so at
 * most that many characters): at the last space before the bound when there is one in its second
 * half, else at the bound (never inside a surrogate pair). Pieces are trimmed; empty ones dropped.
 */
export function cutIntoPassages(text: string, max: number = MAX_PASSAGE_CHARACTERS): string[] {
  const pieces: string[] = [];
  let rest = text.length <= 1 ? text.trim() : text.replace(/ {2,}/gu, ' ').trim();
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut < max / 2) cut = cutsPair(rest, max) ? max - 1 : max;
    const piece = rest.slice(0, cut).trim();
    if (piece !== '') pieces.push(piece);
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}
