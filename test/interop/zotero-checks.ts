/**
 * qiongli_zotero_save through every client of a table (issue 28, step 2, item 4): each client's
 * first connection starts the built program serving Standard, with Zotero delivery switched on in
 * its settings, against the loopback Zotero on 127.0.0.1:23119. The calling test file runs inside
 * a private network namespace (test/support/private-network.ts): the server and the client it
 * starts are in it, and a real Zotero on the machine is never met. One fresh loopback Zotero per
 * client, one session per client.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isolatedConfigHome } from '../support/run-program.js';
import { LoopbackZotero } from '../support/loopback-zotero.js';
import { builtProgram, installedVersion } from './clients/server-command.js';
import { CLIENT_SIDE_REJECTION } from './expected-answers.js';
import { shownText, successValue, type InteropClient, type InteropSession } from './interop-session.js';

/** Three records as a search returns them: an arXiv preprint, a PubMed article, a book chapter. */
const ZOTERO_RECORDS = [
  {
    title: 'Scaling laws for sparse models',
    provider: 'arxiv',
    providers: ['arxiv'],
    year: 2024,
    authors: [{ literal: 'Li Chen' }],
    url: 'https://arxiv.org/abs/2401.01234',
    identifiers: { arxiv: '2401.01234' },
    record_type: 'preprint',
  },
  {
    title: 'A trial of something',
    provider: 'pubmed',
    providers: ['pubmed'],
    year: 2019,
    venue: 'The Lancet',
    doi: '10.1016/S0140-6736(19)30001-1',
    identifiers: { pmid: '30612345' },
    record_type: 'article',
  },
  { title: 'Ecology of lakes', provider: 'crossref', providers: ['crossref'], year: 2015, venue: 'Handbook of Limnology', record_type: 'book_chapter' },
];

/** A configuration home whose settings switch Zotero delivery on (and Crossref off, as the other interop sessions). */
function deliveringHome(): string {
  const home = isolatedConfigHome();
  const settings = {
    document_kind: 'qiongli-global-settings',
    schema_version: 1,
    revision: 1,
    providers: { crossref: { enabled: false } },
    zotero: { enabled: true },
  };
  writeFileSync(join(home, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });
  return home;
}

/** Declares the Zotero checks for the first connection of every row of a client table. */
export function describeZoteroInteropRows(clients: readonly InteropClient[]): void {
  for (const client of clients) {
    const connection = client.connections[0]!;
    describe(`${client.packageName} ${installedVersion(client.packageName, client.installedIn)}, --profile standard, a loopback Zotero`, () => {
      let zotero: LoopbackZotero;
      let session: InteropSession;
      before(async () => {
        zotero = await new LoopbackZotero().start();
        session = await connection.open(deliveringHome(), builtProgram('standard'));
      });
      after(async () => {
        await session?.close();
        await zotero?.stop();
      });

      it('lists qiongli_zotero_save last and sees Zotero running with delivery on', async () => {
        assert.equal((await session.listToolNames()).at(-1), 'qiongli_zotero_save');
        const seen = await session.call('qiongli_zotero_status', {});
        const status = successValue(seen);
        assert.deepEqual([status.status, status.zotero?.running, status.zotero?.delivery_enabled], ['ready', true, true], shownText(seen));
      });

      it('saves three records into a collection with a tag (each the right Zotero item), then skips all three when called again', async () => {
        const first = await session.call('qiongli_zotero_save', { records: ZOTERO_RECORDS, collection: 'Thesis', tags: ['interop'] });
        assert.doesNotMatch(shownText(first), CLIENT_SIDE_REJECTION);
        const saved = successValue(first);
        assert.deepEqual([saved.status, saved.saved, saved.target?.key], ['ok', 3, 'C12'], shownText(first));
        assert.deepEqual(
          zotero.imported().map((item) => [item.itemType, item.collections, item.tags.map((tag) => tag.tag)]),
          [
            ['preprint', [12], ['interop']],
            ['journalArticle', [12], ['interop']],
            ['bookSection', [12], ['interop']],
          ],
        );
        const again = successValue(await session.call('qiongli_zotero_save', { records: ZOTERO_RECORDS }));
        assert.deepEqual(
          [again.saved, again.skipped_existing?.map((skipped: { matched_by: string }) => skipped.matched_by)],
          [0, ['arxiv', 'doi', 'title_year']],
        );
      });

      it("shows Zotero's refusal as Qiongli's own static error, not a client-side rejection", async () => {
        zotero.misbehaviours = [{ path: '/connector/import', kind: 'status', status: 400 }];
        const seen = await session.call('qiongli_zotero_save', { records: [{ title: 'One more', year: 2020 }] });
        zotero.misbehaviours = [];
        const shown = shownText(seen);
        assert.doesNotMatch(shown, CLIENT_SIDE_REJECTION);
        assert.ok(shown.includes('"reason_code":"zotero-refused"'), shown);
        if (seen.outcome === 'result') assert.notEqual(seen.isError, false);
      });
    });
  }
}
