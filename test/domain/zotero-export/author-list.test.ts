import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { z } from 'zod';
import { AUTHOR_LIST_JSON_SCHEMA, exportAuthorInput, isExportAuthor } from '../../../src/domain/zotero-export/zotero-export-input.js';

// Values near an author: the right keys with right and wrong types, extra keys, non-objects.
const field = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}));
const authorLike = fc.oneof(
  fc.record({ family: field, given: field, literal: field, other: field }, { requiredKeys: [] }),
  fc.jsonValue(),
);

describe('author lists are checked in one loop with the verdicts of the zod union', () => {
  it('accepts exactly the values exportAuthorInput accepts (property)', () => {
    fc.assert(
      fc.property(authorLike, (value) => {
        assert.equal(isExportAuthor(value), exportAuthorInput.safeParse(value).success);
      }),
      { numRuns: 5000 },
    );
  });

  it('advertises the JSON Schema zod writes for a list of exportAuthorInput', () => {
    const generated = z.toJSONSchema(z.array(exportAuthorInput), { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete generated['$schema'];
    assert.deepEqual(AUTHOR_LIST_JSON_SCHEMA, generated);
  });
});
