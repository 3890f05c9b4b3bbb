import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseArguments, checkSchema, UNSUPPORTED_ARGUMENT, winningMessage } from '../../../src/domain/shared/parse-arguments.js';
import { ZOTERO_EXPORT_MESSAGES } from '../../../src/domain/zotero-export/zotero-export-input.js';
import { ZOTERO_SAVE_MESSAGES as M, zoteroSaveInput, zoteroSaveMessagePrecedence } from '../../../src/domain/zotero-delivery/zotero-save-input.js';

const check = (args: unknown) => parseArguments(zoteroSaveInput(), args, zoteroSaveMessagePrecedence);
const message = (args: unknown): string | undefined => {
  const parsed = check(args);
  return parsed.ok ? undefined : parsed.error.message;
};
const one = [{ title: 'A title' }];

describe('qiongli_zotero_save arguments (docs/zotero.md#the-tool)', () => {
  it('accepts records as the Zotero export takes them, with a collection, tags and an evidence snapshot id', () => {
    const parsed = check({
      records: [{ title: 'T', record_type: 'book_chapter', identifiers: { pmcid: 'PMC1', arxiv: '1' }, open_access_url: 'https://x', native_url: 'kept out' }],
      collection: 'C12',
      tags: ['a', 'b'],
      evidence_snapshot_id: 'snap:1_a-b.c',
    });
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value.records[0]?.identifiers, { pmcid: 'PMC1', arxiv: '1' });
    assert.equal(parsed.value.records[0]?.open_access_url, 'https://x');
  });

  for (const [what, args, expected] of [
    ['no records', {}, M.records],
    ['an empty record list', { records: [] }, M.recordsEmpty],
    ['501 records', { records: Array.from({ length: 501 }, () => ({ title: 't' })) }, M.recordsTooMany],
    ['a record without a title', { records: [{}] }, ZOTERO_EXPORT_MESSAGES.titleMissing],
    ['an unknown record type', { records: [{ title: 't', record_type: 'journal' }] }, ZOTERO_EXPORT_MESSAGES.recordType],
    ['a blank collection', { records: one, collection: ' ' }, M.collection],
    ['21 tags', { records: one, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, M.tags],
    ['a blank tag', { records: one, tags: ['a', ' '] }, M.tags],
    ['a tag of 256 characters', { records: one, tags: ['x'.repeat(256)] }, M.tags],
    ['an evidence snapshot id with markup', { records: one, evidence_snapshot_id: '<b>x</b>' }, M.snapshot],
    ['an unknown argument', { records: one, formats: [] }, UNSUPPORTED_ARGUMENT],
  ] as const) {
    it(`refuses ${what} with a static message`, () => {
      assert.equal(message(args), expected);
    });
  }

  it('lets the list message win over record messages, and the stepwise checks agree with the whole schema', () => {
    const cases = [
      { records: [] },
      { records: [{}, { title: 3 }], tags: 'x' },
      { records: one, collection: 3 },
      { records: [{ title: 't' }], evidence_snapshot_id: '' },
    ];
    for (const args of [...cases, { records: one, tags: ['a'] }]) {
      const whole = checkSchema(zoteroSaveInput(), args);
      const stepwise = check(args);
      if (whole.ok) assert.deepEqual(stepwise, { ok: true, value: whole.value });
      else assert.equal(stepwise.ok ? undefined : stepwise.error.message, winningMessage(whole.error, zoteroSaveMessagePrecedence), JSON.stringify(args));
    }
    assert.equal(message({ records: [], tags: 'x' }), M.recordsEmpty);
  });

  it('never echoes a value it refuses', () => {
    const canary = 'CANARY-7f3a';
    for (const args of [
      { records: one, collection: canary.repeat(200) },
      { records: one, tags: [canary.repeat(30)] },
      { records: one, evidence_snapshot_id: `${canary} ` },
      { records: [{ title: 't', record_type: canary }] },
    ]) {
      assert.equal(message(args)?.includes(canary), false);
    }
  });
});
