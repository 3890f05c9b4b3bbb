import { createHash } from 'node:crypto';

/** SHA-256 of a text encoded as UTF-8, as 64 lowercase hex digits (the domain's `TextDigest`). */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
