import type { FullTextDocument } from '../../ports/fulltext-client.port.js';
import type { Stepwise } from '../shared/stepwise.js';

/**
 * SHA-256 of a text encoded as UTF-8, as 64 lowercase hex digits. The driving adapter supplies it
 * (the domain imports no crypto module).
 */
export type TextDigest = (text: string) => string;

/** Longest passage, in characters: a longer block is cut into several passages by the reader. */
export const MAX_PASSAGE_CHARACTERS = 2000;

/** Hex digits of the text's SHA-256 a passage id ends with. */
const ID_HASH_DIGITS = 8;

/**
 * A passage id (docs/tools.md#passage-ids): `<section id>-p<position>-<8 hex digits>`, for example
 * `s2.1-p3-9f3a1c2b` — the 3rd passage of section 2.1, whose text's SHA-256 starts with
 * `9f3a1c2b`. Section ids are `abstract`, `body`, `refs`, `floats` or `s` and a dotted path.
 */
export const PASSAGE_ID = /^([a-z]+(?:\d+(?:\.\d+)*)?)-p([1-9]\d{0,5})-([0-9a-f]{8})$/u;

/** One passage of a document, with its id. */
export interface Passage {
  readonly id: string;
  readonly sectionId: string;
  /** Index of the section in the document's sections. */
  readonly section: number;
  /** 1-based position among the passages of its own section. */
  readonly position: number;
  readonly text: string;
  /** The text's SHA-256 prefix that ends the id. */
  readonly hash: string;
  /** Length of the text in Unicode code points. */
  readonly characters: number;
}

/** The parts of a passage id; `undefined` when `id` is not one. */
export function parsePassageId(id: string): { sectionId: string; position: number; hash: string } | undefined {
  const match = PASSAGE_ID.exec(id);
  return match === null ? undefined : { sectionId: match[1]!, position: Number(match[2]), hash: match[3]! };
}

/** Whether `text` is the text a passage id was given for (its SHA-256 starts with the id's hash). */
export const textMatchesId = (id: string, text: string, digest: TextDigest): boolean => parsePassageId(id)?.hash === digest(text).slice(0, ID_HASH_DIGITS);

/** Code points of a text (a surrogate pair counts once). */
export function codePointLength(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}

/** Blocks identified between two pauses. */
const BLOCKS_PER_STEP = 64;

/**
 * Gives every block of a document its passage id, stepwise. Ids depend only on the document:
 * the section id, the block's position within its section and the SHA-256 of its text — so the
 * same document always gives the same ids, and an id commits to its text (an edited text no
 * longer matches its id; a text moved elsewhere keeps its hash).
 */
export function* identifyPassages(document: FullTextDocument, digest: TextDigest): Stepwise<Passage[]> {
  const positions = new Array<number>(document.sections.length).fill(0);
  const passages: Passage[] = [];
  for (let index = 0; index < document.blocks.length; index++) {
    const block = document.blocks[index]!;
    const sectionId = document.sections[block.section]?.id ?? 'body';
    const position = (positions[block.section] ?? 0) + 1;
    positions[block.section] = position;
    const hash = digest(block.text).slice(0, ID_HASH_DIGITS);
    passages.push({
      id: `${sectionId}-p${position}-${hash}`,
      sectionId,
      section: block.section,
      position,
      text: block.text,
      hash,
      characters: codePointLength(block.text),
    });
    if ((index + 1) % BLOCKS_PER_STEP === 0) yield;
  }
  return passages;
}
