import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AesGcmSealedTokens, MAX_SEALED_TOKEN_CHARS } from '../../../src/adapters/sealed-token/index.js';

const PURPOSE = 'qiongli_literature_citations|doi:10.1000/x|{}';

/** A sealer whose clock the test moves. */
function sealerAt(start = 1_000_000): { tokens: AesGcmSealedTokens; advance: (ms: number) => void } {
  let now = start;
  return { tokens: new AesGcmSealedTokens(() => now), advance: (ms) => (now += ms) };
}

describe('sealed tokens: opaque, bound, expiring (AES-256-GCM, per-process key)', () => {
  it('opens what it sealed for the same purpose, payload intact', () => {
    const { tokens } = sealerAt();
    const payload = { offset: 150, seen: ['openalex', 'crossref'], nested: { a: [1, 2] } };
    assert.deepEqual(tokens.open(PURPOSE, tokens.seal(PURPOSE, payload, 60_000)), payload);
  });

  it('is URL-safe text that does not show the payload', () => {
    const { tokens } = sealerAt();
    const token = tokens.seal(PURPOSE, { marker: 'VISIBLE-PAYLOAD' }, 60_000);
    assert.match(token, /^q1\.[A-Za-z0-9_-]+$/);
    assert.doesNotMatch(Buffer.from(token.slice(3), 'base64url').toString('latin1'), /VISIBLE-PAYLOAD/);
  });

  it('does not open for another purpose (another tool, work or filter set)', () => {
    const { tokens } = sealerAt();
    const token = tokens.seal(PURPOSE, { offset: 1 }, 60_000);
    assert.equal(tokens.open(`${PURPOSE} `, token), undefined);
    assert.equal(tokens.open('qiongli_literature_references|doi:10.1000/x|{}', token), undefined);
  });

  it('does not open after its lifetime, and does at its last millisecond', () => {
    const { tokens, advance } = sealerAt();
    const token = tokens.seal(PURPOSE, 7, 1000);
    advance(1000);
    assert.equal(tokens.open(PURPOSE, token), 7);
    advance(1);
    assert.equal(tokens.open(PURPOSE, token), undefined);
  });

  it('does not open a token sealed by another process (another key)', () => {
    const token = new AesGcmSealedTokens().seal(PURPOSE, { offset: 1 }, 60_000);
    assert.equal(new AesGcmSealedTokens().open(PURPOSE, token), undefined);
  });

  it('does not open any token with one character changed', () => {
    const { tokens } = sealerAt();
    const token = tokens.seal(PURPOSE, { offset: 12 }, 60_000);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let index = 3; index < token.length; index += 1) {
      const replacement = alphabet[(alphabet.indexOf(token[index] as string) + 1) % alphabet.length] as string;
      const tampered = token.slice(0, index) + replacement + token.slice(index + 1);
      assert.equal(tokens.open(PURPOSE, tampered), undefined, `position ${index}`);
    }
  });

  it('refuses malformed, truncated, foreign-version and oversized text without throwing', () => {
    const { tokens } = sealerAt();
    const token = tokens.seal(PURPOSE, { offset: 12 }, 60_000);
    for (const bad of ['', 'q1.', 'q1.!!!!', 'q2.' + token.slice(3), token.slice(0, 20), `${token}=`, 'q1.' + 'A'.repeat(MAX_SEALED_TOKEN_CHARS)]) {
      assert.equal(tokens.open(PURPOSE, bad), undefined);
    }
    assert.equal(tokens.open(PURPOSE, 42 as unknown as string), undefined);
  });

  it('refuses a key of the wrong length', () => {
    assert.throws(() => new AesGcmSealedTokens(Date.now, new Uint8Array(16)), /32 bytes/);
  });
});

describe('sealed tokens under a given key', () => {
  it('open across two instances that share the key (the key is the only state)', () => {
    const key = new Uint8Array(32).fill(7);
    const token = new AesGcmSealedTokens(Date.now, key).seal(PURPOSE, 'x', 60_000);
    assert.equal(new AesGcmSealedTokens(Date.now, key).open(PURPOSE, token), 'x');
  });
});
