import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseWorkIdentifier, workKey } from '../../../src/domain/citation-graph/work-identifier.js';
import { crawlDigest, openCursor, sealCursor, type CursorBinding } from '../../../src/domain/citation-graph/graph-cursor.js';
import { emptyCrawl, mergeRound } from '../../../src/domain/citation-graph/edge-merge.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import type { SealedTokens } from '../../../src/ports/sealed-tokens.port.js';

describe('work identifiers (docs/tools.md#the-citation-graph)', () => {
  it('reads each accepted form into one canonical identifier', () => {
    const cases: [string, string | undefined][] = [
      ['10.1038/NATURE14539', 'doi:10.1038/nature14539'],
      [' https://doi.org/10.1038/nature14539 ', 'doi:10.1038/nature14539'],
      ['doi:10.1/x', 'doi:10.1/x'],
      ['W2100837269', 'openalex:W2100837269'],
      ['https://openalex.org/w2100837269', 'openalex:W2100837269'],
      ['649DEF34F8BE52C8B66281AF98AE884C09AEF38B', 'semantic_scholar:649def34f8be52c8b66281af98ae884c09aef38b'],
      ['corpusid:215416146', 'semantic_scholar:CorpusId:215416146'],
      ['pmid:19872477', 'pmid:19872477'],
      ['arXiv:2106.15928v2', 'arxiv:2106.15928'],
      ['ARXIV:hep-th/9901001', 'arxiv:hep-th/9901001'],
      ['10.1/a b', undefined],
      ['10.1/a\u0000b', undefined],
      ['10.1', undefined],
      ['W12x', undefined],
      [`10.1/${'x'.repeat(2050)}`, undefined],
      ['', undefined],
    ];
    for (const [text, expected] of cases) {
      const work = parseWorkIdentifier(text);
      assert.equal(work === undefined ? undefined : workKey(work), expected, text.slice(0, 30));
    }
  });
});

describe('graph cursors', () => {
  const binding: CursorBinding = {
    direction: 'citations',
    work: 'doi:10.1/x',
    sources: ['openalex'],
    years: { from: 2000 },
    sort: 'relevance',
    includeAbstracts: false,
  };

  it('open only for the exact binding they were sealed for, with the position they hold', () => {
    const tokens = new AesGcmSealedTokens();
    const cursor = sealCursor(tokens, binding, { offset: 50, digest: '0123456789abcdef', stopped: { openalex: { round: 2, kind: 'rate_limited' } } });
    assert.deepEqual(openCursor(tokens, binding, cursor), {
      offset: 50,
      digest: '0123456789abcdef',
      stopped: { openalex: { round: 2, kind: 'rate_limited' } },
    });
    for (const other of [
      { direction: 'references' as const },
      { work: 'doi:10.1/y' },
      { sources: ['openalex', 'opencitations'] as const },
      { years: undefined },
      { sort: 'newest' },
      { includeAbstracts: true },
    ]) {
      assert.equal(openCursor(tokens, { ...binding, ...other } as CursorBinding, cursor), undefined, JSON.stringify(other));
    }
    assert.ok(cursor.length < 400);
  });

  it('refuse any payload this process would not seal, and a sealer that throws', () => {
    const payloads: unknown[] = [
      null,
      'x',
      { o: -1, d: '0123456789abcdef', s: {} },
      { o: 1.5, d: '0123456789abcdef', s: {} },
      { o: 1, d: 'nothex', s: {} },
      { o: 1, d: '0123456789abcdef', s: null },
      { o: 1, d: '0123456789abcdef', s: { arxiv: { round: 1, kind: 'timeout' } } },
      { o: 1, d: '0123456789abcdef', s: { openalex: { round: -1, kind: 'timeout' } } },
      { o: 1, d: '0123456789abcdef', s: { openalex: { round: 1, kind: 'exploded' } } },
    ];
    for (const payload of payloads) {
      const tokens: SealedTokens = { seal: () => 't', open: () => payload };
      assert.equal(openCursor(tokens, binding, 't'), undefined, JSON.stringify(payload));
    }
    const throwing: SealedTokens = {
      seal: () => 't',
      open: () => {
        throw new Error('broken');
      },
    };
    assert.equal(openCursor(throwing, binding, 't'), undefined);
  });
});

describe('merging the rounds of a crawl', () => {
  it('keeps the first three contexts (cut to 500 characters), distinct intents, and influential when any source says so', () => {
    const crawl = emptyCrawl();
    const long = `${'word '.repeat(200)}end`;
    finishNow(
      mergeRound(
        crawl,
        [
          {
            source: 'semantic_scholar',
            edges: [
              {
                record: { title: 'A', doi: '10.1/a' },
                contexts: [long, ' two\n lines ', 'three', 'four'],
                intents: ['Background', 'background', 'x'.repeat(40)],
                influential: false,
              },
            ],
          },
          { source: 'openalex', edges: [{ record: { title: 'A', doi: 'https://doi.org/10.1/A' }, influential: true }] },
        ],
        {},
        undefined,
      ),
    );
    const [edge] = crawl.visible;
    assert.deepEqual(edge!.providers, ['openalex', 'semantic_scholar']);
    assert.equal(edge!.contexts.length, 3);
    assert.equal(Array.from(edge!.contexts[0]!).length, 500);
    assert.ok(edge!.contexts[0]!.endsWith('…'));
    assert.equal(edge!.contexts[1], 'two lines');
    assert.deepEqual(edge!.intents, ['background']);
    assert.equal(edge!.influential, true);
  });

  it('judges the year filter once, with what the whole round knows; a later round never moves or hides an edge', () => {
    const crawl = emptyCrawl();
    const years = { from: 2000 };
    finishNow(
      mergeRound(
        crawl,
        [
          { source: 'opencitations', edges: [{ doi: '10.1/a' }, { doi: '10.1/b', year: 1990 }] },
          { source: 'openalex', edges: [{ record: { title: 'A', doi: '10.1/a', year: 2005 } }] },
        ],
        {},
        years,
      ),
    );
    assert.deepEqual(
      crawl.visible.map((edge) => edge.key),
      ['doi:10.1/a'],
    );
    finishNow(
      mergeRound(
        crawl,
        [
          {
            source: 'semantic_scholar',
            edges: [{ record: { title: 'B', doi: '10.1/b', year: 2010 } }, { record: { title: 'No key' } }, { record: { title: 'No key' } }],
          },
        ],
        {},
        years,
      ),
    );
    assert.deepEqual(
      crawl.visible.map((edge) => edge.key ?? edge.fields?.title),
      ['doi:10.1/a'],
      'b stays filtered; edges without a year are left out',
    );
    finishNow(mergeRound(crawl, [{ source: 'semantic_scholar', edges: [{ record: { title: 'No key' } }, { record: { title: 'No key' } }] }], {}, undefined));
    assert.equal(crawl.visible.length, 3, 'edges without a key are never merged');
    assert.notEqual(crawlDigest(crawl.visible, 3), crawlDigest(crawl.visible, 2));
    assert.equal(crawlDigest(crawl.visible, 2), crawlDigest(crawl.visible.slice(0, 2), 5));
  });
});
