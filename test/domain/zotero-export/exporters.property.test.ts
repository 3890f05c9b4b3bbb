import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { exportFiles } from './zotero-harness.js';
import { records } from './hostile-records.js';

/** Every kind of line terminator a reader might honour. */
const LINE_BREAK = /\r\n|\n|\r|\u2028|\u2029|\u0085|\u000b|\u000c/;

/**
 * Checks one BibTeX entry, counting braces as BibTeX, biber and pybtex count them: every `{` and
 * `}`, a backslash hiding none (issue 19: Zotero's importer skips `\}`, BibTeX does not). The
 * depth never goes negative and reaches zero only at the entry's final brace; and inside every
 * field line's value (` = {` to the line's last `}`) the depth never drops to the field's own
 * level before its end, so no value can close its field and forge another.
 */
function assertBalancedEntry(entry: string): void {
  let depth = 0;
  let opened = false;
  for (let i = 0; i < entry.length; i++) {
    const ch = entry[i];
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
  for (const line of entry.split('\n').slice(1, -1)) {
    const value = line.slice(line.indexOf(' = {') + 4, line.endsWith(',') ? -2 : -1);
    let level = 0;
    for (const ch of value) {
      if (ch === '{') level++;
      else if (ch === '}') assert.ok(--level >= 0, 'a value never closes its field');
    }
    assert.equal(level, 0, 'every value is balanced');
  }
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

  it('the brace checker itself rejects an unbalanced entry or a forged field (guards against a vacuous property)', () => {
    assert.throws(() => assertBalancedEntry('@article{k,\n  title = {a}}\n}'));
    assert.throws(() => assertBalancedEntry('@article{k,\n  title = {a{b}\n}'));
    assert.throws(() => assertBalancedEntry('@article{k,\n  title = {x\\}, author = {Forged},\n  year = {2020}\n}'));
    assert.throws(() => assertBalancedEntry('@article{k,\n  title = {a\\{b}\n}'));
    assert.doesNotThrow(() => assertBalancedEntry('@article{k,\n  title = {a\\{\\vphantom{\\}}b\\textbackslash{}}\n}'));
  });
});
