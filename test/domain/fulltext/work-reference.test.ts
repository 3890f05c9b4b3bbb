import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseWorkReference, workIdentifiers, workKey } from '../../../src/domain/fulltext/work-reference.js';

describe('the work a read names (docs/tools.md#qiongli_literature_read_fulltext)', () => {
  const valid: [string, unknown][] = [
    ['10.1038/s41392-025-02280-1', { kind: 'doi', doi: '10.1038/s41392-025-02280-1' }],
    ['  https://doi.org/10.1016/S0140-6736(24)02716-8 ', { kind: 'doi', doi: '10.1016/s0140-6736(24)02716-8' }],
    ['doi:10.1093/NAR/gkr715', { kind: 'doi', doi: '10.1093/nar/gkr715' }],
    ['PMCID:PMC3258128', { kind: 'pmcid', pmcid: 'PMC3258128' }],
    ['pmc003258128', { kind: 'pmcid', pmcid: 'PMC3258128' }],
    ['PMID: 40739089', { kind: 'pmid', pmid: '40739089' }],
    ['arXiv:2609.04321', { kind: 'arxiv', arxiv: '2609.04321' }],
    ['arxiv:2609.04321v2', { kind: 'arxiv', arxiv: '2609.04321v2' }],
    ['arXiv:hep-th/9901001', { kind: 'arxiv', arxiv: 'hep-th/9901001' }],
    ['arXiv:math.GT/0309136v1', { kind: 'arxiv', arxiv: 'math.GT/0309136v1' }],
    ['10.48550/arXiv.2609.04321', { kind: 'arxiv', arxiv: '2609.04321' }],
    ['10.48550/arXiv.math.GT/0309136', { kind: 'arxiv', arxiv: 'math.GT/0309136' }],
  ];
  for (const [text, expected] of valid) it(`reads ${JSON.stringify(text)}`, () => assert.deepEqual(parseWorkReference(text), expected));

  it('refuses every value that is none of the four shapes, so nothing can reach a URL but a checked identifier', () => {
    const hostile = [
      '',
      'PMC0',
      'PMID:0',
      'PMID:12 34',
      '40739089',
      'PMC123/../../etc',
      'PMC123?x=1',
      'arXiv:2609.04321/../../admin',
      'arXiv:2609.04321#x',
      'arXiv:https://evil.example/x',
      'arXiv:../x',
      'https://evil.example/10.1/x',
      '10.1/x y',
      '10.1/x"OR"',
      '10.1/x\\y',
      '10.1/\u0000x',
      '10.1/',
      `10.1/${'x'.repeat(600)}`,
      'javascript:alert(1)',
    ];
    for (const value of hostile) assert.equal(parseWorkReference(value), undefined, value);
  });

  it('keeps a DOI whose characters are unusual but legal (the query percent-encodes it)', () => {
    assert.deepEqual(parseWorkReference('10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0'), {
      kind: 'doi',
      doi: '10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0',
    });
  });

  it('names each reference by one key and its own identifier', () => {
    const work = parseWorkReference('PMC3258128')!;
    assert.deepEqual(workIdentifiers(work), { pmcid: 'PMC3258128' });
    assert.equal(workKey(work), workKey(parseWorkReference('PMCID:pmc3258128')!));
    assert.notEqual(workKey(work), workKey(parseWorkReference('PMID:3258128')!));
  });
});
