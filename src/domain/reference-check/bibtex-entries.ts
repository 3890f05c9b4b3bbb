/*
 * Why BibTeX is split and bounded here before the library sees it (measured 2026-12-06 on the
 * shared 2-core build machine, node 22, @retorquere/bibtex-parser 9.0.29, warm, one `parse` call):
 *   - a 100 KiB title: 1.4 s (plain words) to 3.8 s (math); a 100 KiB author list: 1.6 s;
 *   - 1 KiB of nested braces (512 deep): 99 ms; 4 KiB: 325 ms;
 *   - 256 KiB of `@` signs: 543 s (each `@` starts an entry attempt over the rest);
 *   - one ordinary entry: 0.3 ms; a 4 KiB entry with braces nested ≤ 8 deep: ≤ 32 ms.
 * So the bibliography is split into entries here (one linear scan), each entry is reduced to the
 * fields a check reads, every kept value is bounded, and only entries of at most 4 KiB with
 * braces nested at most 8 deep go to the parser, one per step (numbers: bench/suites/reference-check.mjs).
 */
import { MAX_PARSED_BRACE_DEPTH, MAX_PARSED_ENTRY_CHARACTERS } from '../../ports/bibliography-parser.port.js';
import type { Stepwise } from '../shared/stepwise.js';
import type { UnreadableReason } from './given-reference.js';

/** One `@type{…}` of a bibliography: where it is, or why it cannot be read. */
export interface BibtexChunk {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  /** No closing bracket before the next line starting with `@` (or the end). */
  readonly unterminated: boolean;
}

/** Characters scanned between two pauses. */
const SCANNED_PER_STEP = 32 * 1024;

const ENTRY_HEAD = /@[ \t\r\n]*([A-Za-z][\w-]{0,31})[ \t\r\n]*([{(])/y;
const NEXT_ENTRY_LINE = /\n[ \t]*@/g;

/**
 * Splits a bibliography into its `@type{…}` / `@type(…)` entries in one linear scan: an entry
 * ends at its matching bracket (braces counted); one that never closes ends before the next line
 * that starts with `@` and is marked `unterminated`. Text between entries is ignored, as BibTeX
 * ignores it; a stray `@` costs one look.
 */
export function* splitBibtex(text: string): Stepwise<BibtexChunk[]> {
  const chunks: BibtexChunk[] = [];
  let position = 0;
  let scanned = 0;
  while (position < text.length) {
    const at = text.indexOf('@', position);
    if (at < 0) break;
    ENTRY_HEAD.lastIndex = at;
    const head = ENTRY_HEAD.exec(text);
    if (head === null) {
      position = at + 1;
      continue;
    }
    const close = head[2] === '{' ? '}' : ')';
    let depth = 0;
    let end = -1;
    for (let index = ENTRY_HEAD.lastIndex; index < text.length; index++) {
      const char = text[index];
      if (char === '{') depth += 1;
      else if (char === '}') {
        if (depth === 0 && close === '}') {
          end = index + 1;
          break;
        }
        depth -= 1;
      } else if (char === ')' && close === ')' && depth === 0) {
        end = index + 1;
        break;
      }
      if (++scanned % SCANNED_PER_STEP === 0) yield;
    }
    const type = head[1]!.toLowerCase();
    if (end < 0) {
      NEXT_ENTRY_LINE.lastIndex = at + 1;
      const next = NEXT_ENTRY_LINE.exec(text);
      end = next === null ? text.length : next.index + 1;
      chunks.push({ type, start: at, end, unterminated: true });
    } else chunks.push({ type, start: at, end, unterminated: false });
    position = end;
  }
  return chunks;
}

/** The fields an entry keeps, and the most characters each value may hold. */
const KEPT_FIELDS: Readonly<Record<string, number>> = {
  title: 1024,
  author: 1536,
  editor: 1536,
  year: 64,
  date: 64,
  journal: 512,
  journaltitle: 512,
  booktitle: 512,
  doi: 512,
  pmid: 64,
  eprint: 128,
  archiveprefix: 64,
  eprinttype: 64,
  url: 512,
};

/** Names kept of an author list: the check reads the first author only. */
const KEPT_NAMES = 10;

/** An entry reduced for the parser, or why it cannot be read. */
export type ReducedEntry =
  | { readonly ok: true; readonly value: { readonly text: string; readonly fields: ReadonlyMap<string, string> } }
  | { readonly ok: false; readonly error: UnreadableReason };

const FIELD_NAME = /[A-Za-z][\w:.+-]*/y;
const BARE_VALUE = /[\w:.+-]+/y;

/** Where a braced (`{`) or quoted (`"`) value starting at `from` ends, and how deep its braces go; `undefined` when it does not end. */
function valueEnd(text: string, from: number): { end: number; depth: number } | undefined {
  const quoted = text[from] === '"';
  let depth = quoted ? 0 : 1;
  let deepest = depth;
  for (let index = from + 1; index < text.length; index++) {
    const char = text[index];
    if (char === '{') deepest = Math.max(deepest, ++depth);
    else if (char === '}') {
      depth -= 1;
      if (depth < 0) return undefined;
      if (depth === 0 && !quoted) return { end: index + 1, depth: deepest };
    } else if (char === '"' && quoted && depth === 0) return { end: index + 1, depth: deepest };
  }
  return undefined;
}

/** An author list cut after {@link KEPT_NAMES} names (at ` and ` outside inner braces). */
function firstNames(value: string): string {
  let depth = 0;
  let names = 1;
  for (let index = 1; index < value.length - 1; index++) {
    const char = value[index];
    if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (depth === 0 && /\s/u.test(char!) && /^\s+and\s/iu.test(value.slice(index, index + 6)) && ++names > KEPT_NAMES) {
      return `${value.slice(0, index)}${value[value.length - 1]}`;
    }
  }
  return value;
}

/**
 * One entry reduced to the fields a check reads, each value bounded (`too_long` past its bound,
 * `nesting` past {@link MAX_PARSED_BRACE_DEPTH}), other fields (abstracts, files, notes) dropped:
 * a text of at most {@link MAX_PARSED_ENTRY_CHARACTERS} characters for the parser, and each kept
 * field's raw value (name lowercased; for {@link plainBibtexFields}). A field list
 * it cannot follow is `syntax`. Linear in the entry's length.
 */
export function reduceEntry(text: string, chunk: BibtexChunk): ReducedEntry {
  const body = text.slice(chunk.start, chunk.end);
  let index = body.search(/[{(]/u) + 1;
  const keyEnd = body.indexOf(',', index);
  if (keyEnd < 0) return { ok: false, error: 'no_fields' };
  if (!body.slice(index, keyEnd).includes('=')) index = keyEnd + 1;
  const kept: string[] = [];
  const fields = new Map<string, string>();
  for (;;) {
    while (index < body.length && /[\s,]/u.test(body[index]!)) index += 1;
    if (index >= body.length - 1) break;
    FIELD_NAME.lastIndex = index;
    const name = FIELD_NAME.exec(body)?.[0];
    if (name === undefined) return { ok: false, error: 'syntax' };
    index = FIELD_NAME.lastIndex;
    while (/\s/u.test(body[index] ?? '')) index += 1;
    if (body[index] !== '=') return { ok: false, error: 'syntax' };
    index += 1;
    const valueStart = index;
    let deepest = 1;
    for (;;) {
      while (/\s/u.test(body[index] ?? '')) index += 1;
      if (body[index] === '{' || body[index] === '"') {
        const value = valueEnd(body, index);
        if (value === undefined) return { ok: false, error: 'syntax' };
        deepest = Math.max(deepest, value.depth);
        index = value.end;
      } else {
        BARE_VALUE.lastIndex = index;
        if (BARE_VALUE.exec(body) === null) return { ok: false, error: 'syntax' };
        index = BARE_VALUE.lastIndex;
      }
      while (/\s/u.test(body[index] ?? '')) index += 1;
      if (body[index] !== '#') break;
      index += 1;
    }
    const field = name.toLowerCase();
    const bound = KEPT_FIELDS[field];
    if (bound === undefined) continue;
    if (1 + deepest > MAX_PARSED_BRACE_DEPTH) return { ok: false, error: 'nesting' };
    const raw = body.slice(valueStart, index).trim();
    const value = field === 'author' || field === 'editor' ? firstNames(raw) : raw;
    if (value.length > bound) {
      if (field === 'url') continue; // a link is a hint, never needed
      return { ok: false, error: 'too_long' };
    }
    kept.push(`${field} = ${value}`);
    fields.set(field, value);
  }
  if (kept.length === 0) return { ok: false, error: 'no_fields' };
  const reduced = `@${chunk.type}{entry,\n${kept.join(',\n')}\n}`;
  return reduced.length > MAX_PARSED_ENTRY_CHARACTERS ? { ok: false, error: 'too_long' } : { ok: true, value: { text: reduced, fields } };
}
