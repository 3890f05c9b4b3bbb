import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deliveryItem, toDeliveryRecord } from '../../../src/domain/zotero-delivery/delivery-items.js';
import { firstMatch, itemKeys, lookupsFor, recordKeys } from '../../../src/domain/zotero-delivery/library-match.js';
import { zoteroSaveRecordInput } from '../../../src/domain/zotero-delivery/zotero-save-input.js';
import { chooseTarget } from '../../../src/domain/zotero-delivery/zotero-target.js';
import type { ZoteroTargets } from '../../../src/ports/zotero-connector.port.js';

const record = (fields: Record<string, unknown>) => toDeliveryRecord(zoteroSaveRecordInput().parse({ title: 'Café: a study', year: 2020, ...fields }));

describe('matching records against library items (docs/zotero.md#no-duplicates)', () => {
  it('normalises keys as §7.3.5 does: DOI without resolver and case, title NFKC letters and digits, arXiv id without version', () => {
    const keys = recordKeys(record({ doi: 'https://doi.org/10.1/AB', identifiers: { arxiv: 'arXiv:2101.00001v3', pmid: ' 42 ' } }));
    assert.deepEqual(keys, { doi: '10.1/ab', pmid: '42', arxiv: '2101.00001', title: 'caféastudy', year: 2020 });
    assert.equal(recordKeys(record({ title: 'Cafe\u0301 — a STUDY!' })).title, 'caféastudy');
  });

  it('reads an item’s keys from its fields or its Extra lines, and an arXiv id from its archive ID, URL or DOI', () => {
    assert.deepEqual(itemKeys({ title: 'T', date: '2020-05-01', extra: 'PMID: 7\nDOI: 10.1/X\narXiv: 1234.5678v2' }), {
      doi: '10.1/x',
      pmid: '7',
      arxiv: '1234.5678',
      title: 't',
      year: 2020,
    });
    assert.equal(itemKeys({ url: 'https://arxiv.org/abs/hep-th/9901001v1' }).arxiv, 'hep-th/9901001');
    assert.equal(itemKeys({ doi: '10.48550/arXiv.2401.01234' }).arxiv, '2401.01234');
    assert.equal(itemKeys({ archiveId: 'arXiv:2401.01234' }).arxiv, '2401.01234');
    assert.equal(itemKeys({ pmid: '99', date: 'May 3, 2019' }).year, 2019);
  });

  it('names the first key that matches, in the order DOI, PMID, arXiv id, title and year', () => {
    const keys = { doi: '10.1/a', pmid: '1', arxiv: '2', title: 't', year: 2020 };
    assert.equal(firstMatch(keys, [{ title: 't', year: 2020 }, { pmid: '1' }]), 'pmid');
    assert.equal(firstMatch(keys, [{ arxiv: '2' }, { doi: '10.1/a' }]), 'doi');
    assert.equal(firstMatch(keys, [{ title: 't', year: 2021 }]), undefined, 'a title matches only in the same year');
    assert.equal(firstMatch({ title: 't' }, [{ title: 't' }]), undefined, 'no title match without a year');
  });

  it('looks a record up by each identifier it has, then by its longest title words', () => {
    const full = record({ doi: '10.1/a', identifiers: { pmid: '5', arxiv: '1.2' }, title: 'Graph networks: a comprehensive review of methods' });
    assert.deepEqual(lookupsFor(full, recordKeys(full)), [
      { by: 'doi', doi: '10.1/a' },
      { by: 'pmid', pmid: '5' },
      { by: 'arxiv', arxiv: '1.2' },
      { by: 'title', words: ['comprehensive', 'networks', 'methods', 'review', 'Graph', 'of'] },
    ]);
    const yearless = record({ year: undefined });
    assert.deepEqual(lookupsFor(yearless, recordKeys(yearless)), []);
  });
});

describe('what is sent to Zotero for a record (docs/zotero.md#what-is-sent)', () => {
  it('never lets a value start an Extra line of its own', () => {
    const item = deliveryItem(record({ identifiers: { pmid: '1\nDOI: 10.666/forged' }, retracted: true }));
    assert.equal(item['note'], 'PMID: 1 DOI: 10.666/forged\nRetracted');
  });

  it('ignores an open-access link that is not https, and reads the PMCID from a PubMed Central link', () => {
    assert.equal(deliveryItem(record({ open_access_url: 'javascript:alert(1)' }))['URL'], undefined);
    assert.equal(
      deliveryItem(record({ url: 'https://a', open_access_url: 'https://pmc.ncbi.nlm.nih.gov/articles/pmc77/' }))['note'],
      'PMCID: PMC77\nOpen access: https://pmc.ncbi.nlm.nih.gov/articles/pmc77/',
    );
  });
});

describe('choosing the target (docs/zotero.md#target-tags-note)', () => {
  const targets: ZoteroTargets = {
    selected: { key: 'L9', name: 'Read-only', library: 'Read-only', level: 0 },
    targets: [
      { key: 'L1', name: 'My Library', library: 'My Library', level: 0 },
      { key: 'C5', name: 'Reading', library: 'My Library', level: 1 },
      { key: 'C6', name: 'reading', library: 'My Library', level: 1 },
    ],
  };

  it('falls back to the first writable library when the selected one is not writable', () => {
    assert.deepEqual(chooseTarget(undefined, targets), { ok: true, value: targets.targets[0] });
    assert.deepEqual(chooseTarget(undefined, { ...targets, targets: [] }), { ok: false, error: 'zotero-read-only' });
  });

  it('prefers an exact name to a name alike but for case', () => {
    assert.deepEqual(chooseTarget('reading', targets), { ok: true, value: targets.targets[2] });
    assert.deepEqual(chooseTarget('Reading', targets), { ok: true, value: targets.targets[1] });
    assert.deepEqual(chooseTarget('READING', targets), { ok: false, error: 'zotero-collection-ambiguous' });
    assert.deepEqual(chooseTarget('C6', targets), { ok: true, value: targets.targets[2] });
  });
});
