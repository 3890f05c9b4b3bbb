import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { abstractsLeftOutWarning, boundAbstracts, MAX_ABSTRACT_BYTES } from '../../../src/domain/literature-search/abstract-budget.js';
import type { LiteratureRecord } from '../../../src/domain/shared/literature-record.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';
import { aRecord, assertValidForClient, everyPage, searchDeps } from './search-harness.js';

const withAbstract = (abstract: string): LiteratureRecord => ({ title: 't', provider: 'crossref', providers: ['crossref'], abstract });

describe('the abstract budget of one result', () => {
  it('keeps every abstract while their UTF-8 bytes stay within 2 MiB, counting 1, 2, 3 and 4-byte characters', () => {
    for (const [character, bytes] of [
      ['a', 1],
      ['é', 2],
      ['证', 3],
      ['𝔸', 4],
    ] as const) {
      // As many characters as fit, in records of 2,048 and one with the rest.
      const fitting = Math.floor(MAX_ABSTRACT_BYTES / bytes);
      const full = () => {
        const records = Array.from({ length: Math.floor(fitting / 2048) }, () => withAbstract(character.repeat(2048)));
        if (fitting % 2048 > 0) records.push(withAbstract(character.repeat(fitting % 2048)));
        return records;
      };
      assert.equal(boundAbstracts(full()), 0, character);
      const over = [...full(), withAbstract(character)];
      assert.equal(boundAbstracts(over), 1, `${character}: one character too many`);
      assert.equal(over.at(-1)?.abstract, undefined);
      assert.ok(over.at(-2)?.abstract !== undefined);
    }
  });

  it('drops the abstracts of every record from the first that crosses the bound, even smaller later ones, keeping the rest of each record', () => {
    const records = [withAbstract('a'.repeat(MAX_ABSTRACT_BYTES - 10)), withAbstract('b'.repeat(11)), withAbstract('c'), { ...withAbstract('d'), year: 2020 }];
    assert.equal(boundAbstracts(records), 3);
    assert.deepEqual(records.slice(1), [
      { title: 't', provider: 'crossref', providers: ['crossref'] },
      { title: 't', provider: 'crossref', providers: ['crossref'] },
      { title: 't', provider: 'crossref', providers: ['crossref'], year: 2020 },
    ]);
  });

  it('bounds a search of 1,000 records with 2,000-character Chinese abstracts, best-ranked first, with a warning', async () => {
    const abstract = '证据平台治理'.repeat(400).slice(0, 2000);
    const client = new FakeProviderClient();
    for (const provider of ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] as const) {
      client.respondWith(
        provider,
        Array.from({ length: 200 }, (_, n) => aRecord(`${provider} paper ${n}`, { doi: `10.1/${provider}.${n}`, abstract })),
      );
    }
    const whole = await everyPage({ query: 'paper', include_abstracts: true, per_provider_limit: 200, total_limit: 1000, page_size: 100 }, searchDeps(client));
    const outcome = { value: whole };
    const { results, diagnostics } = whole;
    const kept = results.filter((record) => record.abstract !== undefined).length;
    assert.equal(kept, Math.floor(MAX_ABSTRACT_BYTES / 6000));
    assert.ok(
      results.slice(0, kept).every((record) => record.abstract === abstract),
      'the first records keep theirs',
    );
    assert.deepEqual(diagnostics.warnings, [abstractsLeftOutWarning(1000 - kept)]);
    assert.equal(outcome.value.status, 'ok');
    await assertValidForClient(outcome.value);
  });
});
