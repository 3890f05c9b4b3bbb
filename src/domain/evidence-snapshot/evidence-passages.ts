import { PASSAGE_ID, type TextDigest } from '../fulltext/passage-ids.js';
import type { Stepwise } from '../shared/stepwise.js';

const SHA256 = /^[0-9a-f]{64}$/u;

/** Results checked between two pauses. */
const RESULTS_PER_STEP = 32;

/** The source hash a passage result carries: `source_sha256`, or `source.sha256`. */
function sourceHash(result: Readonly<Record<string, unknown>>): unknown {
  const source = result['source'];
  return result['source_sha256'] ?? (typeof source === 'object' && source !== null ? (source as Record<string, unknown>)['sha256'] : undefined);
}

/**
 * Whether a result is a passage of `qiongli_literature_read_fulltext`, recognised by shape: an `id` that is a
 * passage id, a `text`, and the SHA-256 of the document it was read from (`source_sha256` or
 * `source.sha256`). A licence (`licence`) and `section_id` are expected too, but not required.
 */
export function isPassageEvidence(result: Readonly<Record<string, unknown>>): boolean {
  const hash = sourceHash(result);
  return (
    typeof result['id'] === 'string' && PASSAGE_ID.test(result['id']) && typeof result['text'] === 'string' && typeof hash === 'string' && SHA256.test(hash)
  );
}

/**
 * The results of a snapshot with every recognised passage checked (docs/tools.md#evidence-from-passages):
 * a copy of it carries `passage_check: {status, text_sha256}` — `text_matches_id` when its text
 * is the text the id was given for (the id ends with the start of the text's SHA-256),
 * `text_differs_from_id` when the text was edited since it was read. Other results are kept as
 * they are. Deterministic: the same results give the same checks.
 */
export function* checkPassages(results: readonly Readonly<Record<string, unknown>>[], digest: TextDigest): Stepwise<Readonly<Record<string, unknown>>[]> {
  const checked: Readonly<Record<string, unknown>>[] = [];
  for (const [index, result] of results.entries()) {
    if (isPassageEvidence(result)) {
      const text_sha256 = digest(result['text'] as string);
      const matches = (result['id'] as string).endsWith(`-${text_sha256.slice(0, 8)}`);
      checked.push({ ...result, passage_check: { status: matches ? 'text_matches_id' : 'text_differs_from_id', text_sha256 } });
    } else checked.push(result);
    if ((index + 1) % RESULTS_PER_STEP === 0) yield;
  }
  return checked;
}
