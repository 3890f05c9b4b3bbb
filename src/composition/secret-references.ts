import { randomBytes } from 'node:crypto';
import type { SecretReference } from '../ports/secret-store.port.js';

/**
 * A fresh secret reference: `qsr1_` + 32 lowercase hex digits, 128 bits from the system's random
 * source (docs/configuration.md#the-settings-document). What the composition root injects as
 * `newSecretReference` into the configuration use cases, for the terminal and the setup page alike.
 */
export const freshSecretReference = (): SecretReference => `qsr1_${randomBytes(16).toString('hex')}`;
