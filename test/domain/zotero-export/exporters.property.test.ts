import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { exportFiles } from './zotero-harness.js';

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

const records = fc.array(record, { minLength: 1, maxLength: 5 });

/** Every kind of line terminator a reader might honour. */
const LINE_BREAK = /\r\n|\n|\r|\u2028|\u2029|\u0085|\u000b|\u000c/;

/**
 * Checks one BibTeX entry, counting only unescaped braces (a backslash escapes the next
 * character, as Zotero's importer reads it): the depth never goes negative, reaches zero only
 * at the entry's final brace, and ends at zero.
 */
function assertBalancedEntry(entry: string): void {
  let depth = 0;
  let opened = false;
  for (let i = 0; i < entry.length; i++) {
    const ch = entry[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') {
      depth++;
      opened = true;
    } else if (ch === '}') {
      depth--;
      assert.ok(depth >= 0, 'brace depth never negative');
      if (depth === 0) assert.equal(i, entry.length - 1, 'the entry closes only at its end');
    } else if (opened) {
      assert.ok(depth > 0, 'no text outside the entry');
    }
  }
  assert.equal(depth, 0, 'every entry returns to depth zero');
}

describe('exporters resist injection (property, docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('no record content can add a RIS tag line: every line is a tag line or blank, one TY and one ER per record', () => {
    fc.assert(
      fc.property(records, (recs) => {
        const ris = exportFiles({ records: recs, formats: ['references.ris'] })['references.ris'] ?? '';
        const lines = ris.split(LINE_BREAK);
        for (const line of lines) assert.match(line, /^(?:[A-Z][A-Z0-9] {2}- .*)?$/s);
        assert.equal(lines.filter((line) => line.startsWith('TY  - ')).length, recs.length);
        assert.equal(lines.filter((line) => line.startsWith('ER  - ')).length, recs.length);
        assert.equal(lines.filter((line) => line.startsWith('TI  - ')).length, recs.length);
      }),
      { numRuns: 300 },
    );
  });

  it('no record content can unbalance BibTeX braces or add an entry', () => {
    fc.assert(
      fc.property(records, (recs) => {
        const bib = exportFiles({ records: recs, formats: ['bibliography.bib'] })['bibliography.bib'] ?? '';
        assert.ok(bib.endsWith('}\n'));
        const entries = bib.slice(0, -1).split('\n\n');
        assert.equal(entries.length, recs.length);
        for (const entry of entries) {
          assert.match(entry, /^@(article|misc)\{[A-Za-z0-9_:-]+,\n/);
          assertBalancedEntry(entry);
          for (const line of entry.split(LINE_BREAK).slice(1, -1)) assert.match(line, /^ {2}[a-z]+ = \{.*\},?$/s);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('CSL-JSON stays valid JSON with one item per record and unique ids', () => {
    fc.assert(
      fc.property(records, (recs) => {
        const items = JSON.parse(exportFiles({ records: recs, formats: ['references.json'] })['references.json'] ?? '') as Array<{ id: string; title: string }>;
        assert.equal(items.length, recs.length);
        assert.equal(new Set(items.map((item) => item.id)).size, items.length);
        for (const item of items) assert.doesNotMatch(item.title, LINE_BREAK);
      }),
      { numRuns: 200 },
    );
  });

  it('the brace checker itself rejects an unbalanced entry (guards against a vacuous property)', () => {
    assert.throws(() => assertBalancedEntry('@article{k,\n  title = {a}}\n}'));
    assert.throws(() => assertBalancedEntry('@article{k,\n  title = {a{b}\n}'));
    assert.doesNotThrow(() => assertBalancedEntry('@article{k,\n  title = {a\\{b\\textbackslash{}}\n}'));
  });
});
