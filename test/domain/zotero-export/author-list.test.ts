import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { z } from 'zod';
import { exportAuthorInput, zoteroExportInput, zoteroExportMessagePrecedence } from '../../../src/domain/zotero-export/zotero-export-input.js';
import { parseArguments, checkSchema, winningMessage } from '../../../src/domain/shared/parse-arguments.js';
import { AUTHOR_LIST_JSON_SCHEMA, isExportAuthor } from '../../../src/domain/zotero-export/zotero-record-checks.js';

// Values near an author: the right keys with right and wrong types, extra keys, non-objects.
const field = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}));
const authorLike = fc.oneof(fc.record({ family: field, given: field, literal: field, other: field }, { requiredKeys: [] }), fc.jsonValue());

describe('author lists are checked in one loop with the verdicts of the zod union', () => {
  it('accepts exactly the values exportAuthorInput() accepts (property)', () => {
    fc.assert(
      fc.property(authorLike, (value) => {
        assert.equal(isExportAuthor(value), exportAuthorInput().safeParse(value).success);
      }),
      { numRuns: 5000 },
    );
  });

  it('advertises the JSON Schema zod writes for a list of exportAuthorInput()', () => {
    const generated = z.toJSONSchema(z.array(exportAuthorInput()), { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete generated['$schema'];
    assert.deepEqual(AUTHOR_LIST_JSON_SCHEMA, generated);
  });
});

describe('the Zotero arguments are checked record by record with the verdicts of the whole schema', () => {
  const text = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('', '  ', '\u0000', 'x'.repeat(17_000)));
  const value = fc.oneof(text, fc.integer({ min: -3, max: 3000 }), fc.double(), fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}));
  const record = fc.oneof(
    fc.record(
      {
        title: fc.oneof(text, value),
        doi: fc.oneof(text, value),
        provider: fc.oneof(text, value),
        providers: fc.oneof(fc.array(text, { maxLength: 18 }), value),
        year: fc.oneof(fc.integer({ min: 1900, max: 2030 }), value),
        authors: fc.oneof(fc.array(authorLike, { maxLength: 3 }), value),
        identifiers: fc.oneof(fc.record({ arxiv: fc.oneof(text, value), extra: value }, { requiredKeys: [] }), value),
        record_type: fc.oneof(fc.constantFrom('article', 'preprint', 'book'), value),
        unknown: value,
      },
      { requiredKeys: [] },
    ),
    value,
  );
  const args = fc.oneof(
    fc.record(
      {
        records: fc.oneof(fc.array(record, { maxLength: 6 }), value),
        formats: fc.oneof(
          fc.array(fc.constantFrom('references.json', 'references.ris', 'bibliography.bib', 'zotero-import-report.md', 'x.txt'), { maxLength: 5 }),
          value,
        ),
        extra: value,
      },
      { requiredKeys: [] },
    ),
    value,
  );

  it('gives the same output or the same winning message as the whole zod schema (property)', () => {
    fc.assert(
      fc.property(args, (candidate) => {
        const whole = checkSchema(zoteroExportInput(), candidate);
        const stepwise = parseArguments(zoteroExportInput(), candidate, zoteroExportMessagePrecedence);
        if (whole.ok) assert.deepEqual(stepwise, { ok: true, value: whole.value });
        else {
          assert.equal(stepwise.ok, false);
          assert.equal(stepwise.ok ? undefined : stepwise.error.message, winningMessage(whole.error, zoteroExportMessagePrecedence));
        }
      }),
      { numRuns: 3000 },
    );
  });
});
