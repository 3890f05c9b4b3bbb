import type { SealedTokens } from '../../ports/sealed-tokens.port.js';

/**
 * `node:crypto`, loaded on the first token: loaded with the program, it cost 3-8 ms of every cold
 * session and sat in the single executable's snapshot (issue 24, row 11).
 */
const nodeCrypto = () => process.getBuiltinModule('node:crypto');

/** Longest token accepted by `open`, in characters: anything longer is refused unread. */
export const MAX_SEALED_TOKEN_CHARS = 4096;

const VERSION = 'q1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * {@link SealedTokens} with AES-256-GCM under a key drawn at random on first use (never stored,
 * never derived from anything an attacker sees; drawn on first use, not when built, because the
 * single executable builds its container into a start-up snapshot that every start shares). The purpose is the
 * authenticated additional data, the expiry travels inside the encrypted payload, so a token is
 * opaque, tamper-evident, bound to its purpose, and worthless to any other process.
 *
 * Token text: `q1.` + base64url(nonce ‖ ciphertext ‖ tag).
 */
export class AesGcmSealedTokens implements SealedTokens {
  private secret: Buffer | undefined;

  /** `now` is the clock for lifetimes (tests pass their own); `key` only for tests. */
  constructor(
    private readonly now: () => number = Date.now,
    key?: Uint8Array,
  ) {
    if (key !== undefined && key.length !== KEY_BYTES) throw new TypeError('sealed token key must be 32 bytes');
    this.secret = key === undefined ? undefined : Buffer.from(key);
  }

  private get key(): Buffer {
    this.secret ??= nodeCrypto().randomBytes(KEY_BYTES);
    return this.secret;
  }

  seal(purpose: string, payload: unknown, ttlMs: number): string {
    const plain = Buffer.from(JSON.stringify({ e: this.now() + Math.max(0, ttlMs), p: payload }), 'utf8');
    const crypto = nodeCrypto();
    const nonce = crypto.randomBytes(NONCE_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const sealed = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${sealed.toString('base64url')}`;
  }

  open(purpose: string, token: string): unknown {
    if (typeof token !== 'string' || token.length > MAX_SEALED_TOKEN_CHARS || !token.startsWith(`${VERSION}.`)) return undefined;
    const body = token.slice(VERSION.length + 1);
    if (!/^[A-Za-z0-9_-]+$/.test(body)) return undefined;
    const sealed = Buffer.from(body, 'base64url');
    // Only the canonical spelling opens: a last character with other unused bits is another token.
    if (sealed.length < NONCE_BYTES + TAG_BYTES + 1 || sealed.toString('base64url') !== body) return undefined;
    try {
      const decipher = nodeCrypto().createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
      const envelope: unknown = JSON.parse(plain.toString('utf8'));
      if (typeof envelope !== 'object' || envelope === null) return undefined;
      const { e: expires, p: payload } = envelope as { e?: unknown; p?: unknown };
      if (typeof expires !== 'number' || this.now() > expires) return undefined;
      return payload;
    } catch {
      return undefined;
    }
  }
}
