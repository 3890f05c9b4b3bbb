import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UndiciZoteroConnector } from '../../../src/adapters/zotero-connector/index.js';
import { zoteroSaveOutput } from '../../../src/domain/zotero-delivery/zotero-save-output.js';
import { LoopbackZotero } from '../../support/loopback-zotero.js';
import type { StoredItem } from '../../support/loopback-zotero-library.js';
import { insidePrivateNetwork } from '../../support/private-network.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';
import { RECORDS, refusedWith, save, saved, zoteroSettings } from './zotero-delivery-harness.js';

const byTitle = (zotero: LoopbackZotero, title: string): StoredItem => {
  const item = zotero.imported().find((candidate) => candidate.fields['title'] === title);
  assert.ok(item, `Zotero holds “${title}”`);
  return item;
};

describe('saving records into a loopback Zotero (docs/zotero.md#the-tool)', () => {
  if (!insidePrivateNetwork(import.meta.url)) return;
  let zotero: LoopbackZotero;
  afterEach(async () => {
    await zotero?.stop();
  });

  describe('item types and fields, in Zotero 7 and in the newest schema', () => {
    for (const schema of ['zotero7', 'zotero9'] as const) {
      it(`makes each record the right Zotero item and keeps every field (${schema})`, async () => {
        zotero = await new LoopbackZotero({ schema }).start();
        const answer = await saved({ records: Object.values(RECORDS) });
        assert.equal(answer.status, 'ok');
        assert.equal(answer.saved, 10);
        assert.deepEqual(answer.target, { key: 'L1', name: 'My Library', library: 'My Library' });
        const types = Object.fromEntries(
          Object.values(RECORDS).map((record) => [record.record_type + record.title.slice(0, 4), byTitle(zotero, record.title).itemType]),
        );
        assert.deepEqual(Object.values(types), [
          'preprint',
          'preprint',
          'journalArticle',
          'journalArticle',
          'conferencePaper',
          'bookSection',
          'book',
          'thesis',
          'dataset',
          'document',
        ]);
        const arxiv = byTitle(zotero, RECORDS.arxivPreprint.title);
        assert.deepEqual(
          {
            repository: arxiv.fields['repository'],
            archiveID: arxiv.fields['archiveID'],
            url: arxiv.fields['url'],
            abstract: arxiv.fields['abstractNote'],
            date: arxiv.fields['date'],
          },
          { repository: 'arXiv', archiveID: 'arXiv:2401.01234', url: 'https://arxiv.org/abs/2401.01234', abstract: 'We study sparse models.', date: '2024' },
        );
        assert.deepEqual(arxiv.creators, [
          { creatorType: 'author', lastName: 'Chen', firstName: 'Li' },
          { creatorType: 'author', lastName: 'Okafor', firstName: 'Ada' },
          { creatorType: 'author', lastName: 'The Sparse Team', fieldMode: 1 },
        ]);
        assert.equal(arxiv.fields['extra'], 'Open access: https://arxiv.org/pdf/2401.01234');
        const biorxiv = byTitle(zotero, RECORDS.biorxivPreprint.title);
        assert.deepEqual([biorxiv.fields['repository'], biorxiv.fields['DOI']], ['bioRxiv', '10.1101/2023.01.01.522222']);
        const article = byTitle(zotero, RECORDS.article.title);
        assert.equal(article.fields['DOI'], '10.1016/S0140-6736(19)30001-1');
        assert.equal(article.fields['publicationTitle'], 'The Lancet');
        assert.equal(article.fields['url'], 'https://pmc.ncbi.nlm.nih.gov/articles/PMC6543210/', 'without a URL, the open-access link is the URL');
        if (schema === 'zotero7') assert.equal(article.fields['extra'], 'PMID: 30612345\nPMCID: PMC6543210\nRetracted');
        else {
          assert.deepEqual([article.fields['PMID'], article.fields['PMCID']], ['30612345', 'PMC6543210']);
          assert.equal(article.fields['extra'], 'Retracted');
        }
        const chapter = byTitle(zotero, RECORDS.chapter.title);
        assert.equal(chapter.fields['bookTitle'], 'Handbook of Limnology');
        if (schema === 'zotero7') assert.equal(chapter.fields['extra'], 'DOI: 10.1007/978-3-319-00000-0_3');
        else assert.deepEqual([chapter.fields['DOI'], chapter.fields['extra']], ['10.1007/978-3-319-00000-0_3', undefined]);
        assert.equal(byTitle(zotero, RECORDS.conferencePaper.title).fields['proceedingsTitle'], RECORDS.conferencePaper.venue);
        assert.equal(byTitle(zotero, RECORDS.book.title).fields['publisher'], 'CRC Press');
        assert.equal(byTitle(zotero, RECORDS.thesis.title).fields['university'], 'University of Oslo');
        assert.deepEqual(
          [byTitle(zotero, RECORDS.dataset.title).fields['repository'], byTitle(zotero, RECORDS.dataset.title).fields['DOI']],
          ['Zenodo', '10.5281/zenodo.123456'],
        );
        assert.equal(byTitle(zotero, RECORDS.other.title).fields['publisher'], 'Some Institute');
        const [session] = zotero.state.sessions.entries();
        assert.equal(answer.session, session?.[0]);
        assert.equal(session?.[1].translator, 'CSL JSON');
      });
    }
  });

  describe('target, tags and note', () => {
    beforeEach(async () => {
      zotero = await new LoopbackZotero({ selected: 'C11' }).start();
    });

    it('saves into the collection selected in Zotero by default', async () => {
      const answer = await saved({ records: [RECORDS.review] });
      assert.deepEqual(answer.target, { key: 'C11', name: 'Reading', library: 'My Library' });
      assert.deepEqual(byTitle(zotero, RECORDS.review.title).collections, [11]);
    });

    it('takes a collection by name (exactly, then ignoring case) or by key, a library by name', async () => {
      for (const [collection, key, libraryId, collections] of [
        ['Thesis', 'C12', 1, [12]],
        ['C21', 'C21', 2, [21]],
        ['  lab GROUP ', 'L2', 2, []],
      ] as const) {
        const answer = await saved({ records: [{ title: `Paper for ${collection.trim()}`, year: 2020 }], collection });
        assert.equal(answer.target.key, key);
        const item = byTitle(zotero, `Paper for ${collection.trim()}`);
        assert.deepEqual([item.libraryId, item.collections], [libraryId, collections]);
      }
    });

    it('refuses a collection name that two collections share, or that none has', async () => {
      assert.equal((await refusedWith({ records: [RECORDS.book], collection: 'Reading' })).reasonCode, 'zotero-collection-ambiguous');
      assert.equal((await refusedWith({ records: [RECORDS.book], collection: 'Nowhere' })).reasonCode, 'zotero-collection-not-found');
      assert.equal(zotero.imported().length, 0);
    });

    it('tags every saved item (each tag once) and adds a child note naming the evidence snapshot', async () => {
      await saved({ records: [RECORDS.book, RECORDS.thesis], tags: ['sparse', ' sparse ', 'to read'], evidence_snapshot_id: 'snap-2026-01.a' });
      for (const record of [RECORDS.book, RECORDS.thesis]) {
        const item = byTitle(zotero, record.title);
        assert.deepEqual(
          item.tags.map((tag) => tag.tag),
          ['sparse', 'to read'],
        );
        assert.deepEqual(zotero.notesOf(item), ['<p>Saved by Qiongli from evidence snapshot <code>snap-2026-01.a</code>.</p>']);
      }
      await saved({ records: [RECORDS.dataset] });
      assert.deepEqual(zotero.notesOf(byTitle(zotero, RECORDS.dataset.title)), []);
    });
  });

  describe('no duplicates', () => {
    beforeEach(async () => {
      zotero = await new LoopbackZotero().start();
      zotero.seed({ fields: { title: 'Old copy', DOI: '10.1016/J.AIOPEN.2021.01.001', date: '2020' } });
      zotero.seed({ fields: { title: 'Another title', date: '2019', extra: 'PMID: 30612345' } });
      zotero.seed({ itemType: 'preprint', fields: { title: 'Sparse scaling', archiveID: 'arXiv:2401.01234', date: '2024' } });
      zotero.seed({ itemType: 'book', fields: { title: 'Statistical rethinking!', date: '2020-03-01' } });
      zotero.seed({ itemType: 'thesis', fields: { title: 'On Sparse Graphs', date: '2011' } });
    });

    it('skips what the library holds, matched by DOI, PMID, arXiv id or title and year, and saves the rest', async () => {
      const progress: Array<[number, number]> = [];
      const records = [
        RECORDS.review,
        RECORDS.article,
        { ...RECORDS.arxivPreprint, identifiers: { arxiv: 'arXiv:2401.01234v3' } },
        { ...RECORDS.book, doi: undefined },
        RECORDS.thesis,
      ];
      const result = await save({ records, tags: ['x'] }, {}, progress);
      assert.ok(result.ok);
      assert.deepEqual(result.value.skipped_existing, [
        { index: 0, title: RECORDS.review.title, matched_by: 'doi' },
        { index: 1, title: RECORDS.article.title, matched_by: 'pmid' },
        { index: 2, title: RECORDS.arxivPreprint.title, matched_by: 'arxiv' },
        { index: 3, title: RECORDS.book.title, matched_by: 'title_year' },
      ]);
      assert.equal(result.value.duplicates_checked, true);
      assert.equal(result.value.saved, 1);
      assert.deepEqual(
        zotero.imported().map((item) => item.fields['title']),
        [RECORDS.thesis.title],
        'a thesis of another year is another work',
      );
      assert.deepEqual(progress.at(-1), [5, 5]);
      assert.ok(zotero.requests.filter((request) => request.path.startsWith('/api/')).every((request) => request.method === 'GET'));
    });

    it('skips a record that repeats an earlier one of the same call, and sends nothing when everything is there', async () => {
      const answer = await saved({ records: [RECORDS.dataset, { ...RECORDS.dataset, title: 'Same DOI, other title' }] });
      assert.deepEqual(answer.skipped_existing, [{ index: 1, title: 'Same DOI, other title', matched_by: 'doi' }]);
      const nothing = await saved({ records: [RECORDS.review] });
      assert.deepEqual([nothing.saved, nothing.session, nothing.status], [0, undefined, 'ok']);
      assert.equal(zotero.requests.filter((request) => request.path === '/connector/import').length, 1);
    });

    it('saves everything and says duplicates were not checked when the local API is off', async () => {
      zotero.state.localApi = 'off';
      const answer = await saved({ records: [RECORDS.review, RECORDS.thesis] });
      assert.deepEqual([answer.status, answer.saved, answer.duplicates_checked, answer.skipped_existing], ['warning', 2, false, []]);
      assert.match(answer.warnings?.[0] ?? '', /Allow other applications on this computer to communicate with Zotero/);
    });
  });

  describe('a Zotero that is closed, refuses, fails or is slow', () => {
    beforeEach(async () => {
      zotero = await new LoopbackZotero().start();
    });

    it('says zotero-not-running when Zotero is closed', async () => {
      await zotero.stop();
      const refused = await refusedWith({ records: [RECORDS.book] });
      assert.equal(refused.reasonCode, 'zotero-not-running');
      assert.match(refused.message, /start Zotero/);
    });

    for (const [status, body, reason] of [
      [400, undefined, 'zotero-refused'],
      [409, '{"error":"SESSION_EXISTS"}', 'zotero-conflict'],
      [500, '{"libraryEditable":false}', 'zotero-read-only'],
      [500, undefined, 'zotero-failed'],
    ] as const) {
      it(`says ${reason} when the import is answered ${status}`, async () => {
        zotero.misbehaviours = [{ path: '/connector/import', kind: 'status', status, ...(body ? { body } : {}) }];
        assert.equal((await refusedWith({ records: [RECORDS.book] })).reasonCode, reason);
      });
    }

    it('says zotero-timeout when the import is not answered in time, warning that records may be saved', async () => {
      zotero.misbehaviours = [{ path: '/connector/import', kind: 'silent' }];
      const connector = new UndiciZoteroConnector({ timeouts: { shortMs: 300, longMs: 400 } });
      const refused = await refusedWith({ records: [RECORDS.book] }, { connector });
      assert.equal(refused.reasonCode, 'zotero-timeout');
      assert.match(refused.message, /may still have been saved/);
    });

    it('counts the records sent when the import answer is too large to read', async () => {
      zotero.misbehaviours = [{ path: '/connector/import', kind: 'huge', status: 201, bytes: 24 * 1024 * 1024 }];
      const answer = await saved(
        { records: [RECORDS.book, RECORDS.thesis] },
        { connector: new UndiciZoteroConnector({ timeouts: { shortMs: 10_000, longMs: 10_000 } }) },
      );
      assert.deepEqual([answer.status, answer.saved], ['warning', 2]);
    });

    it('reports saved items where Zotero put them when the session update fails', async () => {
      zotero.misbehaviours = [{ path: '/connector/updateSession', kind: 'status', status: 500 }];
      const answer = await saved({ records: [RECORDS.book], collection: 'Thesis', tags: ['t'] });
      assert.deepEqual([answer.status, answer.saved, answer.target.key], ['warning', 1, 'L1']);
      assert.equal(answer.warnings?.length, 1);
    });
  });

  describe('consent', () => {
    beforeEach(async () => {
      zotero = await new LoopbackZotero().start();
    });

    it('sends nothing while delivery is switched off, and says how to switch it on', async () => {
      const refused = await refusedWith({ records: [RECORDS.book] }, { settings: zoteroSettings(false) });
      assert.equal(refused.reasonCode, 'zotero-delivery-off');
      assert.match(refused.message, /qiongli config enable zotero/);
      assert.match(refused.message, /setup page/);
      assert.equal(zotero.requests.length, 0);
    });

    it('says native-config-unavailable, naming the rule, when the settings break one', async () => {
      const refused = await refusedWith({ records: [RECORDS.book] }, { settings: FakeConfigSource.unavailable('unreadable') });
      assert.equal(refused.reasonCode, 'native-config-unavailable');
      assert.equal(zotero.requests.length, 0);
    });
  });

  describe('the answer', () => {
    it('matches its schema and echoes no record value but titles', async () => {
      zotero = await new LoopbackZotero().start();
      zotero.seed({ fields: { title: 'x', DOI: RECORDS.dataset.doi } });
      const answer = await saved({ records: [RECORDS.article, RECORDS.arxivPreprint, RECORDS.dataset] });
      assert.ok(zoteroSaveOutput().safeParse(answer).success);
      const text = JSON.stringify(answer);
      for (const value of ['30612345', 'PMC6543210', 'Lancet', 'arxiv.org', '2401.01234', 'Chen', 'sparse models', 'zenodo', '10.1016']) {
        assert.equal(text.toLowerCase().includes(value.toLowerCase()), false, value);
      }
      assert.ok(text.includes(RECORDS.dataset.title));
    });
  });
});
