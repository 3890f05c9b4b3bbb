/**
 * `node:crypto`, loaded on its first use (only URL hand-offs use it here), not with the program:
 * loaded with it, it cost 3-8 ms of every cold session and sat in the single executable's
 * snapshot (issue 24, row 11).
 */
export const nodeCrypto = () => process.getBuiltinModule('node:crypto');
