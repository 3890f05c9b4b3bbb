import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isCredentialKey, redactCredentials } from '../../../src/domain/shared/redaction.js';

const REMOVED_BY_BOTH = [
  'api_key',
  'accessToken',
  'refresh_token',
  'sessionToken',
  'serviceApiKey',
  'client_secret',
  'Authorization',
  'auth',
  'bearer',
  'private_key',
  'credentials',
  'token',
  'cookie',
  'secret',
  'password',
  'passwd',
];
const REMOVED_BY_EVIDENCE_ONLY = ['sessionCookie'];
const KEPT = ['token_budget', 'public_key', 'title', 'provider_status', 'search_plan', 'authors', 'status'];

describe('credential redaction (docs/tools.md#redaction)', () => {
  for (const key of REMOVED_BY_BOTH) {
    it(`removes "${key}" under the standard and the evidence rule (docs/tools.md#redaction)`, () => {
      assert.equal(isCredentialKey(key, 'standard'), true);
      assert.equal(isCredentialKey(key, 'evidence'), true);
      assert.deepEqual(redactCredentials({ [key]: 'S3CRET', keep: 1 }), { keep: 1 });
      assert.deepEqual(redactCredentials({ [key]: 'S3CRET', keep: 1 }, 'evidence'), { keep: 1 });
    });
  }

  for (const key of REMOVED_BY_EVIDENCE_ONLY) {
    it(`removes "${key}" only under the stronger evidence rule (docs/tools.md#redaction)`, () => {
      assert.equal(isCredentialKey(key, 'standard'), false);
      assert.equal(isCredentialKey(key, 'evidence'), true);
      assert.deepEqual(redactCredentials({ [key]: 'S3CRET' }, 'standard'), { [key]: 'S3CRET' });
      assert.deepEqual(redactCredentials({ [key]: 'S3CRET' }, 'evidence'), {});
    });
  }

  for (const key of KEPT) {
    it(`keeps "${key}" under both rules (docs/tools.md#redaction)`, () => {
      assert.equal(isCredentialKey(key, 'standard'), false);
      assert.equal(isCredentialKey(key, 'evidence'), false);
      assert.deepEqual(redactCredentials({ [key]: 1 }, 'evidence'), { [key]: 1 });
    });
  }

  it('normalises keys by trimming, lowercasing and treating "-" and space as "_" (docs/tools.md#redaction)', () => {
    for (const key of [' API-KEY ', 'Api Key', 'x-api-key', 'REFRESH-TOKEN', 'Client Secret', 'ID_TOKEN', 'x-auth-token']) {
      assert.equal(isCredentialKey(key), true, key);
    }
  });

  it('lets the evidence rule catch camelCase suffixes the standard rule misses (docs/tools.md#redaction)', () => {
    for (const key of ['sessionCookie', 'proxyAuthorization', 'userPassword', 'dbCredential', 'xBearer', 'oauth']) {
      assert.equal(isCredentialKey(key, 'evidence'), true, key);
    }
    assert.equal(isCredentialKey('sessionCookie', 'standard'), false);
  });

  it('removes a credential key with its whole value at any depth, inside objects and arrays (docs/tools.md#redaction)', () => {
    const input = {
      a: { b: [{ password: { nested: 'S3CRET' }, ok: true }, 'text', 3] },
      headers: { Authorization: 'Bearer S3CRET', accept: 'json' },
      list: [[{ api_key: 'S3CRET' }]],
    };
    const output = redactCredentials(input);
    assert.deepEqual(output, { a: { b: [{ ok: true }, 'text', 3] }, headers: { accept: 'json' }, list: [[{}]] });
    assert.doesNotMatch(JSON.stringify(output), /S3CRET/);
  });

  it('leaves its input untouched and keeps array lengths and primitives (docs/tools.md#redaction)', () => {
    const input = { items: [{ token: 'S3CRET' }, null, 1, 'x'] };
    const before = JSON.stringify(input);
    assert.deepEqual(redactCredentials(input), { items: [{}, null, 1, 'x'] });
    assert.equal(JSON.stringify(input), before);
    assert.equal(redactCredentials('plain'), 'plain');
    assert.equal(redactCredentials(null), null);
  });

  it('keeps a parsed "__proto__" key as plain data without touching the prototype (docs/tools.md#redaction)', () => {
    const input = JSON.parse('{"__proto__": {"secret": "S3CRET", "kept": 1}}') as Record<string, unknown>;
    const output = redactCredentials(input) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(output), Object.prototype);
    assert.deepEqual(Object.keys(output), ['__proto__']);
    assert.equal(JSON.stringify(output), '{"__proto__":{"kept":1}}');
  });

  it('is idempotent, so a second pass by the MCP layer changes nothing (docs/tools.md#redaction)', () => {
    const once = redactCredentials({ a: [{ sessionCookie: 'S', keep: { token_budget: 3 } }] }, 'evidence');
    assert.deepEqual(redactCredentials(once, 'evidence'), once);
    assert.deepEqual(redactCredentials(once, 'standard'), once);
  });
});
