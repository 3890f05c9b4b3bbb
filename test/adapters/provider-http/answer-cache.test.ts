import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANSWER_TTL_MS, AnswerCache, answerKey } from '../../../src/adapters/provider-http/answer-cache.js';

const records = [{ title: 'A' }];

describe('Answer cache (docs/providers.md#requests)', () => {
  it('serves an answer for ten minutes, then forgets it', () => {
    const cache = new AnswerCache();
    cache.set('k', records, 0);
    assert.equal(cache.get('k', ANSWER_TTL_MS - 1), records);
    assert.equal(cache.get('k', ANSWER_TTL_MS), undefined);
    assert.equal(cache.get('k', 0), undefined);
  });

  it('drops the least recently used entry beyond its bound', () => {
    const cache = new AnswerCache(2);
    cache.set('a', records, 0);
    cache.set('b', records, 0);
    cache.get('a', 1);
    cache.set('c', records, 2);
    assert.equal(cache.get('b', 3), undefined);
    assert.equal(cache.get('a', 3), records);
    assert.equal(cache.get('c', 3), records);
  });

  it('stores nothing with a bound of zero', () => {
    const cache = new AnswerCache(0);
    cache.set('a', records, 0);
    assert.equal(cache.get('a', 0), undefined);
  });

  it('keys by provider, URL and headers, and never holds a credential in clear', () => {
    const get = { url: 'https://api.openalex.org/works?search=q&per_page=5&api_key=SECRET-1', headers: { accept: 'application/json' } };
    const key = answerKey('openalex', get);
    assert.match(key, /^[0-9a-f]{64}$/u);
    assert.ok(!key.includes('SECRET'));
    assert.equal(answerKey('openalex', { ...get, headers: { accept: 'application/json' } }), key);
    assert.notEqual(answerKey('crossref', get), key);
    assert.notEqual(answerKey('openalex', { ...get, headers: { ...get.headers, 'x-api-key': 'other' } }), key);
  });
});
