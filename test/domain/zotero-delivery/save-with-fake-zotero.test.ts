import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fakeZotero } from '../../fakes/zotero-connector.fake.js';
import { save, saved } from './zotero-delivery-harness.js';

const records = (count: number) => Array.from({ length: count }, (_, i) => ({ title: `Work ${i}`, year: 2000 + i, doi: `10.1/${i}` }));

describe('saving with a scripted Zotero (docs/zotero.md#the-answer)', () => {
  it('lists the records Zotero’s answer does not name as failed', async () => {
    const connector = fakeZotero({ importCslJson: async () => ({ ok: true, value: { session: 's', items: [{ title: 'Work 0' }, { title: 'Work 2' }] } }) });
    const answer = await saved({ records: records(3) }, { connector });
    assert.deepEqual([answer.status, answer.saved, answer.failed], ['warning', 2, [{ index: 1, reason: 'not-in-zotero-answer' }]]);
  });

  it('reports progress as records are checked, and checks each identifier then the title', async () => {
    const connector = fakeZotero();
    const progress: Array<[number, number]> = [];
    const result = await save({ records: records(3) }, { connector }, progress);
    assert.ok(result.ok);
    assert.deepEqual(progress.map(([done]) => done).sort(), [1, 2, 3]);
    assert.deepEqual(connector.lookups.map((lookup) => lookup.by).sort(), ['doi', 'doi', 'doi', 'title', 'title', 'title']);
  });

  it('stops checking when the lookup budget runs out, and saves the rest unchecked', async () => {
    const connector = fakeZotero({
      findInLibrary: (_lookup, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ ok: false, error: 'zotero-timeout' }))),
    });
    const answer = await saved({ records: records(6) }, { connector, lookupBudgetMs: 50 });
    assert.deepEqual([answer.duplicates_checked, answer.saved, answer.status], [false, 6, 'warning']);
  });

  it('sends nothing more once the call is cancelled', async () => {
    const cancel = new AbortController();
    let imports = 0;
    const connector = fakeZotero({
      findInLibrary: async () => {
        cancel.abort();
        return { ok: false, error: 'zotero-timeout' };
      },
      importCslJson: async () => {
        imports++;
        return { ok: true, value: { session: 's' } };
      },
    });
    const result = await save({ records: records(2) }, { connector }, [], cancel.signal);
    assert.equal(result.ok, false);
    assert.equal(imports, 0);
  });

  it('cuts a long title in the answer, and its control characters become spaces', async () => {
    const title = `T\u0001${'T'.repeat(1000)}`;
    const connector = fakeZotero({ findInLibrary: async () => ({ ok: true, value: [{ title, date: '2000' }] }) });
    const answer = await saved({ records: [{ title, year: 2000 }] }, { connector });
    assert.equal(answer.skipped_existing[0]?.title?.length, 100);
    assert.ok(answer.skipped_existing[0]?.title?.endsWith('…'));
    assert.ok(answer.skipped_existing[0]?.title?.startsWith('T T'));
  });

  it('names the first 50 skipped records by title and the others by index only (issue 26: the answer stays small)', async () => {
    const many = Array.from({ length: 120 }, (_, index) => ({ title: `Held work ${index}`, doi: `10.1/held.${index}` }));
    const connector = fakeZotero({ findInLibrary: async (lookup) => ({ ok: true, value: lookup.by === 'doi' ? [{ doi: lookup.doi }] : [] }) });
    const answer = await saved({ records: many }, { connector });
    assert.equal(answer.skipped_existing.length, 120);
    assert.deepEqual(
      answer.skipped_existing.map((entry) => entry.index),
      many.map((_, index) => index),
    );
    assert.equal(answer.skipped_existing.filter((entry) => entry.title !== undefined).length, 50);
    assert.equal(answer.skipped_existing[49]?.title, 'Held work 49');
    assert.deepEqual(answer.skipped_existing[50], { index: 50, matched_by: 'doi' });
  });
});
