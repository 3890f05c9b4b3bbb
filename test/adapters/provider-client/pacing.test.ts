import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestPacer } from '../../../src/adapters/provider-client/pacing.js';

describe('Request pacing (docs/providers.md#requests)', () => {
  it('lets the first request start at once and queues the next ones one interval apart', () => {
    const pacer = new RequestPacer();
    assert.equal(pacer.reserve('arxiv', 3000, 0, 15_000), 0);
    assert.equal(pacer.reserve('arxiv', 3000, 0, 15_000), 3000);
    assert.equal(pacer.reserve('arxiv', 3000, 1000, 16_000), 5000);
  });

  it('needs no wait once the interval has passed', () => {
    const pacer = new RequestPacer();
    pacer.reserve('crossref', 1000, 0, 15_000);
    assert.equal(pacer.reserve('crossref', 1000, 2500, 17_500), 0);
  });

  it('paces each provider separately', () => {
    const pacer = new RequestPacer();
    pacer.reserve('arxiv', 3000, 0, 15_000);
    assert.equal(pacer.reserve('crossref', 1000, 0, 15_000), 0);
  });

  it('reserves nothing when the start would fall after the latest allowed start', () => {
    const pacer = new RequestPacer();
    pacer.reserve('arxiv', 3000, 0, 15_000);
    assert.equal(pacer.reserve('arxiv', 3000, 0, 2999), undefined);
    assert.equal(pacer.reserve('arxiv', 3000, 0, 3000), 3000);
  });
});
