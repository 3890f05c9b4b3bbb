import fc from 'fast-check';

/*
 * Arbitrary Zotero-export records whose every text holds fragments that attack line- and
 * brace-based formats (exporters.property.test.ts, bibtex-real-parser.test.ts).
 */

/** Fragments chosen to attack line- and brace-based formats. */
const ATTACKS = [
  '\nTY  - ',
  '\r\nER  - ',
  '\nER  - \n\nTY  - JOUR\n',
  '\u2028',
  '\u2029',
  '\u0085',
  '\r',
  '\t',
  '\v',
  '\f',
  '\u0000',
  '{',
  '}',
  '\\',
  '\\{',
  '\\}',
  '}}\n@misc{evil,',
  '%',
  '@',
  ' and ',
  ',',
  '#',
  '~',
  '^',
  '$',
  '_',
  '&',
  '\uD800',
  '\uDC00',
  '\u00A0',
  '\u3000',
];

/** Arbitrary text: full Unicode code points, raw UTF-16 units (lone surrogates) and attack fragments. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...ATTACKS),
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 4 }),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

const author = fc.oneof(fc.record({ family: text, given: text }, { requiredKeys: ['family'] }), fc.record({ literal: text }));

const record = fc.record(
  {
    // A leading letter keeps the title non-blank after folding, as the schema requires.
    title: text.map((t) => `T${t}`),
    doi: text,
    year: fc.integer({ min: -9999, max: 9999 }),
    venue: text,
    url: text,
    authors: fc.array(author, { maxLength: 3 }),
    identifiers: fc.record({ arxiv: text, pmid: text }, { requiredKeys: [] }),
    record_type: fc.constantFrom('article', 'preprint'),
    abstract: fc.oneof(text, fc.constant(null)),
    retracted: fc.constantFrom(true, false, null, 'yes'),
  },
  { requiredKeys: ['title'] },
);

export const records = fc.array(record, { minLength: 1, maxLength: 5 });
