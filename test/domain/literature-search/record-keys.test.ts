import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { collapseWhitespace, textKey } from '../../../src/domain/literature-search/record-keys.js';
import { MAX_KEY_UNITS, boundedLowerNormalForm } from '../../../src/domain/literature-search/bounded-normal-form.js';
import { mergeSearchResults } from '../../../src/domain/literature-search/merge-search-results.js';
import type { ProviderBatch } from '../../../src/domain/literature-search/dedupe-records.js';
import { PROVIDER_IDS } from '../../../src/ports/config-source.port.js';

// Characters that stress the scanner: lone and paired surrogates, astral letters and digits,
// combining marks, case changes that alter length, every kind of `\s`, CJK punctuation.
const TRICKY = [
  '\ud800',
  '\udc00',
  '𝐀',
  '𝟘',
  '😀',
  'e\u0301',
  'Σ',
  'İ',
  'ß',
  '治',
  '：',
  '　',
  '\u00a0',
  '\u2028',
  '\ufeff',
  ' ',
  '  ',
  '\t',
  '\n',
  '-',
  '_',
  '7',
  'A',
  'z',
];
const trickyText = fc.string({
  unit: fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 40,
});

describe('title keys (docs/providers.md#how-a-search-runs steps 5 and 6)', () => {
  it('equal the Unicode-property regex reading: NFKC, lowercased runs of \\p{L}\\p{N}', () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        const lower = text.normalize('NFKC').toLowerCase();
        const key = textKey(text);
        assert.deepEqual(key.runs, lower.match(/[\p{L}\p{N}]+/gu) ?? []);
        assert.equal(key.compact, lower.replace(/[^\p{L}\p{N}]+/gu, ''));
        assert.equal(key.compactLength, key.compact.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('read long texts in chunks exactly as NFKC of the whole, lowercased, while that fits the key bound (issue 19, row 4)', () => {
    const joiners = ['e\u0301', '\u1100\u1161\u11a8', '\u3131\u314f', 'ｶﾞ', 'ﬁ', '\ufdfa', '\u0cc6\u0cd5', '治'];
    const longText = fc.array(fc.oneof(fc.constantFrom(...TRICKY, ...joiners), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), {
      minLength: 150,
      maxLength: 600,
    });
    fc.assert(
      fc.property(longText, (units) => {
        const text = units.join('');
        const whole = text.normalize('NFKC').toLowerCase();
        const bounded = boundedLowerNormalForm(text);
        if (whole.length <= MAX_KEY_UNITS) assert.equal(bounded, whole);
        else assert.ok(bounded.length <= MAX_KEY_UNITS && whole.startsWith(bounded.slice(0, -64)));
      }),
      { numRuns: 150 },
    );
  });

  it('read the rest of a text whole when no safe cut is left before its end', () => {
    const text = `${'x'.repeat(127)}\u3131\u314f\ud7a4`; // compatibility jamo ㄱ + ㅏ compose across the chunk's end
    assert.equal(boundedLowerNormalForm(text), text.normalize('NFKC').toLowerCase());
  });

  it('stop normalising a title that NFKC expands 18× at the key bound (issue 19, row 4)', () => {
    const key = textKey('\ufdfa'.repeat(5461));
    assert.ok(key.compactLength <= MAX_KEY_UNITS && key.compactLength > MAX_KEY_UNITS / 2);
    assert.equal(key.runs[0], 'صلى');
  });

  it('collapse whitespace exactly like replacing \\s+ with one space and trimming', () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        assert.equal(collapseWhitespace(text), text.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 2000 },
    );
  });
});

describe('merging a full search (docs/providers.md#how-a-search-runs steps 5 and 6)', () => {
  const fullSearch = (): ProviderBatch[] =>
    PROVIDER_IDS.map((provider, p) => ({
      provider,
      records: Array.from({ length: 200 }, (_, i) => ({
        title: `Study ${i % 150} of evidence ${p % 2 === 0 ? 'synthesis' : 'platforms'}`,
        year: 2000 + (i % 20),
        ...(i % 3 === 0 ? { doi: `https://doi.org/10.1000/${i % 90}` } : {}),
      })),
    }));

  it('dedupes and ranks 1,000 records into unique, ordered, limited results', () => {
    const results = mergeSearchResults(fullSearch(), 'evidence synthesis', 1000);
    const dois = results.flatMap((record) => (record.doi === undefined ? [] : [record.doi]));
    assert.equal(new Set(dois).size, dois.length);
    assert.ok(results.length < 1000);
    assert.ok(results[0]!.title.endsWith('synthesis'));
    assert.deepEqual(mergeSearchResults(fullSearch().reverse(), 'evidence synthesis', 1000), results);
    assert.equal(mergeSearchResults(fullSearch(), 'evidence synthesis', 10).length, 10);
  });
});
