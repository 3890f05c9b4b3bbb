import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { surnameOf } from '../../../src/domain/reference-check/given-reference.js';
import { recordSurname } from '../../../src/domain/reference-check/text-similarity.js';

describe('surnames as references and sources write names (docs/tools.md#the-reference-check, "Score")', () => {
  it("reads PubMed's `Family Initials` as the family name, on both sides", () => {
    for (const [name, surname] of [
      ['Wakefield AJ', 'Wakefield'],
      ['van der Berg JH', 'van der Berg'],
      ['Smith J', 'Smith'],
      ['Jane Smith', 'Smith'],
      ['Andrew D. White', 'White'],
      ['Smith, Jane', 'Smith'],
      ['Madonna', 'Madonna'],
    ] as const) {
      assert.equal(surnameOf(name), surname, name);
      assert.equal(recordSurname({ literal: name }), surname, name);
    }
    assert.equal(recordSurname({ literal: 'Martin Luther King Jr' }), 'King');
  });
});
