import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { citationKeys } from '../../../src/domain/zotero-export/citation-keys.js';
import type { ExportRecord } from '../../../src/domain/zotero-export/export-record.js';

const record = (overrides: Partial<ExportRecord>): ExportRecord => ({ title: 'Some title', authors: [], type: 'article', ...overrides });

describe('citation keys (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('derives the key from the first author family name and the year', () => {
    assert.deepEqual(citationKeys([record({ authors: [{ kind: 'person', family: 'Zhou', given: 'Jie' }], year: 2020 })]), ['zhou2020']);
  });

  it('reduces names to ASCII letters and digits, removing accents and punctuation', () => {
    const keys = citationKeys([
      record({ authors: [{ kind: 'person', family: "Ó'Brien-Müller" }], year: 1999 }),
      record({ authors: [{ kind: 'literal', literal: 'World Health Organization' }] }),
    ]);
    assert.deepEqual(keys, ['obrienmuller1999', 'world']);
  });

  it('falls back to the first title word, then to "ref"', () => {
    const keys = citationKeys([record({ title: 'Deep learning', year: 2015 }), record({ title: '深度学习', authors: [{ kind: 'person', family: '李' }] })]);
    assert.deepEqual(keys, ['deep2015', 'ref']);
  });

  it('makes repeated keys unique with a, b, … suffixes and then numbers, skipping keys already taken', () => {
    const same = record({ authors: [{ kind: 'person', family: 'Lee' }], year: 2020 });
    const keys = citationKeys([record({ title: 'lee2020a' }), ...Array.from({ length: 30 }, () => same)]);
    assert.equal(new Set(keys).size, keys.length);
    assert.deepEqual(keys.slice(0, 4), ['lee2020a', 'lee2020', 'lee2020b', 'lee2020c']);
    assert.equal(keys[26], 'lee2020z');
    assert.equal(keys[27], 'lee2020_28');
  });

  it('only ever uses [A-Za-z0-9_:-] (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const keys = citationKeys([record({ title: '{}@,#%', year: -44, authors: [{ kind: 'literal', literal: ' ' }] })]);
    for (const key of keys) assert.match(key, /^[A-Za-z0-9_:-]+$/);
  });
});
