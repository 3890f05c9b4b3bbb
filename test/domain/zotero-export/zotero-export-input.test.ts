import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ZOTERO_EXPORT_MESSAGES as M, zoteroExportInput, zoteroExportMessagePrecedence } from '../../../src/domain/zotero-export/zotero-export-input.js';
import { ARGUMENT_BOUND_MESSAGES } from '../../../src/domain/shared/json-bounds.js';
import { parseArguments, UNSUPPORTED_ARGUMENT } from '../../../src/domain/shared/parse-arguments.js';
import { assertValidToolJsonSchema } from '../evidence-snapshot/json-schema-check.js';

const parse = (args: unknown) => parseArguments(zoteroExportInput(), args, zoteroExportMessagePrecedence);
const messageFor = (args: unknown): string | undefined => {
  const outcome = parse(args);
  return outcome.ok ? undefined : outcome.error.message;
};
const withRecord = (record: unknown) => ({ records: [record] });
const MIB2 = 2 * 1024 * 1024;

describe('Zotero export arguments (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('defaults records to none and accepts no arguments (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const outcome = parse({});
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.value.records, []);
    assert.equal(outcome.value.formats, undefined);
  });

  const cases: [string, unknown, string][] = [
    ['an unknown key', { records: [], cwd: '/tmp' }, UNSUPPORTED_ARGUMENT],
    ['records that is not a list', { records: { title: 'x' } }, M.records],
    ['more than 1000 records', { records: new Array(1001).fill({ title: 't' }) }, M.recordsTooMany],
    ['a record that is a string', withRecord('title'), M.record],
    ['a record that is null', withRecord(null), M.record],
    ['a record without a title', withRecord({ doi: '10.1/x' }), M.titleMissing],
    ['a title that is not a string', withRecord({ title: 5 }), M.titleType],
    ['an empty title', withRecord({ title: '' }), M.titleBlank],
    ['a blank title', withRecord({ title: ' \n\t ' }), M.titleBlank],
    ['a title of control characters only', withRecord({ title: '\u0000\u0085\u2028' }), M.titleBlank],
    ['a title over 16 KiB', withRecord({ title: 'é'.repeat(8193) }), M.titleTooLong],
    ['a doi that is not a string', withRecord({ title: 't', doi: 10 }), M.doiType],
    ['a doi over 2 KiB', withRecord({ title: 't', doi: 'd'.repeat(2049) }), M.doiTooLong],
    ['a provider that is not a string', withRecord({ title: 't', provider: 1 }), M.providerType],
    ['a provider over 128 bytes', withRecord({ title: 't', provider: 'p'.repeat(129) }), M.providerTooLong],
    ['providers that is not a list', withRecord({ title: 't', providers: 'arxiv' }), M.providers],
    ['providers holding a number', withRecord({ title: 't', providers: [1] }), M.providers],
    ['a providers item over 128 bytes', withRecord({ title: 't', providers: ['p'.repeat(129)] }), M.providerTooLong],
    ['more than 16 providers', withRecord({ title: 't', providers: new Array(17).fill('arxiv') }), M.providersTooMany],
    ['a fractional year', withRecord({ title: 't', year: 2020.5 }), M.year],
    ['a string year', withRecord({ title: 't', year: '2020' }), M.year],
    ['a venue that is not a string', withRecord({ title: 't', venue: {} }), M.venue],
    ['a url that is not a string', withRecord({ title: 't', url: ['u'] }), M.url],
    ['authors that is not a list', withRecord({ title: 't', authors: 'A. Smith' }), M.authors],
    ['an author that is a string', withRecord({ title: 't', authors: ['A. Smith'] }), M.authors],
    ['an author with neither family nor literal', withRecord({ title: 't', authors: [{ given: 'Ann' }] }), M.authors],
    ['an author whose family is not a string', withRecord({ title: 't', authors: [{ family: 1 }] }), M.authors],
    ['identifiers that is a string', withRecord({ title: 't', identifiers: 'arXiv:1' }), M.identifiers],
    ['an identifier that is not a string', withRecord({ title: 't', identifiers: { arxiv: 1 } }), M.identifiers],
    ['an unknown record_type', withRecord({ title: 't', record_type: 'journal' }), M.recordType],
    ['formats that is not a list', { formats: 'references.ris' }, M.formats],
    ['an unknown format', { formats: ['references.xml'] }, M.formatUnsupported],
    ['a repeated format', { formats: ['references.ris', 'references.ris'] }, M.formatRepeated],
  ];
  for (const [name, args, message] of cases) {
    it(`rejects ${name} with "${message}" (docs/tools.md#10-qiongli_zotero_export_import_files)`, () => {
      assert.equal(messageFor(args), message);
    });
  }

  it('accepts the bounds exactly: 1000 records, a 16 KiB title, a 2 KiB doi, 16 providers of 128 bytes (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.equal(messageFor({ records: new Array(1000).fill({ title: 't' }) }), undefined);
    const record = { title: 'é'.repeat(8192), doi: 'd'.repeat(2048), provider: 'p'.repeat(128), providers: new Array(16).fill('p'.repeat(128)) };
    assert.equal(messageFor(withRecord(record)), undefined);
  });

  it('accepts a full literature record as qiongli_literature_search returns it (docs/providers.md#the-literature-record)', () => {
    const record = {
      title: 'Attention is all you need',
      provider: 'arxiv',
      providers: ['arxiv', 'semantic_scholar'],
      doi: '10.48550/arxiv.1706.03762',
      year: 2017,
      venue: 'NeurIPS',
      authors: [{ family: 'Vaswani', given: 'Ashish' }, { literal: 'Google Brain' }],
      url: 'https://arxiv.org/abs/1706.03762',
      identifiers: { arxiv: '1706.03762', semantic_scholar: 'abc' },
      record_type: 'article',
    };
    assert.equal(messageFor(withRecord(record)), undefined);
  });

  it('ignores record keys it does not use, at every level of a record (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const record = { title: 't', abstract: 'a', native_url: 'u', authors: [{ family: 'F', orcid: 'o' }], identifiers: { doi: 'x' } };
    assert.equal(messageFor(withRecord(record)), undefined);
  });

  it('accepts an empty formats list and any unique subset (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.equal(messageFor({ formats: [] }), undefined);
    assert.equal(messageFor({ formats: ['bibliography.bib', 'references.json'] }), undefined);
  });

  it('accepts 32 levels of nesting and rejects 33 (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    // arguments, records, record = 3 containers; an ignored key carries the rest.
    const nested = (levels: number) => {
      let inner: unknown = {};
      for (let i = 4; i < levels; i++) inner = { a: inner };
      return withRecord({ title: 't', extra: inner });
    };
    assert.equal(messageFor(nested(32)), undefined);
    assert.equal(messageFor(nested(33)), ARGUMENT_BOUND_MESSAGES.depth);
  });

  it('accepts 100,000 JSON values and rejects 100,001 (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    // arguments, records, record, title, extra = 5 values, then the numbers.
    assert.equal(messageFor(withRecord({ title: 't', extra: new Array(99_995).fill(0) })), undefined);
    assert.equal(messageFor(withRecord({ title: 't', extra: new Array(99_996).fill(0) })), ARGUMENT_BOUND_MESSAGES.values);
  });

  it('accepts exactly 2 MiB of encoded arguments and rejects one byte more (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const ofBytes = (bytes: number) => {
      const overhead = JSON.stringify(withRecord({ title: 't', extra: '' })).length;
      return withRecord({ title: 't', extra: 'x'.repeat(bytes - overhead) });
    };
    assert.equal(JSON.stringify(ofBytes(MIB2)).length, MIB2);
    assert.equal(messageFor(ofBytes(MIB2)), undefined);
    assert.equal(messageFor(ofBytes(MIB2 + 1)), ARGUMENT_BOUND_MESSAGES.bytes);
  });

  it('reports a crossed bound before an unknown key or a bad record (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const args = { records: [{ title: 5, extra: 'x'.repeat(MIB2) }], other: true };
    assert.equal(messageFor(args), ARGUMENT_BOUND_MESSAGES.bytes);
  });

  it('reports an unknown key before a bad record (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.equal(messageFor({ records: [{}], other: true }), UNSUPPORTED_ARGUMENT);
  });

  it('never echoes input in a message (docs/tools.md#results-and-errors)', () => {
    const canary = 'CANARY_77aa';
    for (const args of [{ [canary]: 1 }, withRecord({ title: canary.repeat(3000) }), { formats: [canary] }, withRecord({ title: 't', record_type: canary })]) {
      const message = messageFor(args);
      assert.ok(message);
      assert.doesNotMatch(message, /CANARY/);
    }
  });

  it('generates a valid, closed JSON Schema for the input (docs/tools.md#the-twelve-tools)', () => {
    const json = assertValidToolJsonSchema(zoteroExportInput(), 'input');
    assert.deepEqual(Object.keys(json['properties'] as object), ['records', 'formats', 'delivery', 'cursor']);
  });
});
