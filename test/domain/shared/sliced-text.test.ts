import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { jsonStringStepwise, TEXT_SLICE_UNITS, transformInSlices, utf8ByteLengthStepwise } from '../../../src/domain/shared/sliced-text.js';
import { utf8ByteLength } from '../../../src/domain/shared/text-bounds.js';
import { foldedOrAbsent, foldedOrAbsentStepwise } from '../../../src/domain/zotero-export/one-line-text.js';
import { bibtexEntry, bibtexEntryStepwise, escapeBibtex } from '../../../src/domain/zotero-export/bibtex.js';
import { cslEntry, cslEntryStepwise } from '../../../src/domain/zotero-export/csl-json.js';
import type { ExportRecord } from '../../../src/domain/zotero-export/export-record.js';

// Units that straddle a slice boundary badly: surrogate pairs and lone halves, whitespace and
// control runs, the BibTeX specials, JSON escapes.
const UNITS = ['\ud83d\ude00', '\ud800', '\udc00', ' ', '\n', '\t', '\u0085', '\u3000', '{', '}', '\\', '"', 'a', '治', '\u0000'];

/** A text of `TEXT_SLICE_UNITS` plus some units of tricky content placed around every slice boundary. */
const longText = fc
  .tuple(fc.array(fc.constantFrom(...UNITS), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: -20, max: 20 }))
  .map(([units, slices, shift]) => {
    const seam = units.join('');
    const filler = 'x'.repeat(TEXT_SLICE_UNITS + shift - seam.length);
    return Array.from({ length: slices + 1 }, () => filler + seam).join('');
  });

const steps = <T>(task: Generator<void, T, void>): { value: T; pauses: number } => {
  let pauses = 0;
  for (;;) {
    const step = task.next();
    if (step.done) return { value: step.value, pauses };
    pauses++;
  }
};

describe('long export values transformed in slices (issue 19, row 6)', () => {
  it('fold, escape, JSON-encode and measure exactly as the whole text would, pausing between slices', () => {
    fc.assert(
      fc.property(longText, (text) => {
        const folded = steps(foldedOrAbsentStepwise(text));
        assert.equal(folded.value, foldedOrAbsent(text));
        assert.ok(folded.pauses >= 1);
        assert.equal(finishNow(transformInSlices(text, escapeBibtex)), escapeBibtex(text));
        assert.equal(finishNow(jsonStringStepwise(text)), JSON.stringify(text));
        assert.equal(finishNow(utf8ByteLengthStepwise(text)), utf8ByteLength(text));
      }),
      { numRuns: 60 },
    );
  });

  it('writes CSL-JSON and BibTeX entries with a long abstract exactly as at once, and gives up on a BibTeX abstract over the units left', () => {
    const record: ExportRecord = { title: 'T "1"', authors: [], year: 2020, type: 'article', abstract: `${'{"a"} \\ '.repeat(5_000)}end`, retracted: true };
    assert.equal(finishNow(cslEntryStepwise(record, 'k')), cslEntry(record, 'k'));
    assert.equal(finishNow(bibtexEntryStepwise(record, 'k')), bibtexEntry(record, 'k'));
    assert.equal(finishNow(bibtexEntryStepwise(record, 'k', 50_000)), undefined);
    assert.ok(steps(cslEntryStepwise(record, 'k')).pauses >= 1);
  });
});
