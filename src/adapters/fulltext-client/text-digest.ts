/**
 * SHA-256 of a text encoded as UTF-8, as 64 lowercase hex digits (the domain's `TextDigest`).
 * `node:crypto` is loaded on the first digest: loaded with the program, it cost 3-8 ms of every
 * cold session and sat in the single executable's snapshot (issue 24, row 11).
 */
export const sha256Hex = (text: string): string => process.getBuiltinModule('node:crypto').createHash('sha256').update(text, 'utf8').digest('hex');
