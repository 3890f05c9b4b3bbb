import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryAfterMs } from '../../../src/adapters/provider-http/retry-after.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('Retry-After reading (docs/providers.md#requests)', () => {
  it('reads delay-seconds as milliseconds', () => {
    assert.equal(retryAfterMs('0', NOW), 0);
    assert.equal(retryAfterMs(' 7 ', NOW), 7000);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    assert.equal(retryAfterMs('Sun, 01 Mar 2026 12:00:09 GMT', NOW), 9000);
    assert.equal(retryAfterMs('Sun, 01 Mar 2026 11:00:00 GMT', NOW), 0);
  });

  it('gives no wait (so no retry) for a missing or unreadable value', () => {
    for (const value of [undefined, '', '-1', '1.5', 'soon', '12abc']) assert.equal(retryAfterMs(value, NOW), undefined, String(value));
  });

  it('uses the first of repeated headers', () => {
    assert.equal(retryAfterMs(['3', '9'], NOW), 3000);
  });
});
