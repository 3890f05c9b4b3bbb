import type { SecretReference } from '../ports/secret-store.port.js';

/**
 * A fresh secret reference: `qsr1_` + 32 lowercase hex digits, 128 bits from the system's random
 * source (docs/configuration.md#the-settings-document). What the composition root injects as
 * `newSecretReference` into the configuration use cases, for the terminal and the setup page alike.
 * `node:crypto` is loaded on the first reference made: loaded with the program, it cost 3-8 ms
 * of every cold session and sat in the single executable's snapshot (issue 24, row 11).
 */
export const freshSecretReference = (): SecretReference => `qsr1_${process.getBuiltinModule('node:crypto').randomBytes(16).toString('hex')}`;
