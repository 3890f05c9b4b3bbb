import { profileSecretStore } from '../../src/composition/secret-store-binding.js';
import type { SecretReference, SecretStore } from '../../src/ports/secret-store.port.js';
import { startPrivateSecretService } from '../support/private-secret-service.js';

/** The credential store an end-to-end test saves into, and how the test reads it back without Qiongli's code. */
export interface KeyStoreUnderTest {
  readonly store: SecretStore;
  /** `secret-tool lookup service qiongli username REF` in the private session (undefined: nothing there). */
  lookup(reference: SecretReference): Promise<string | undefined>;
  close(): Promise<void>;
}

/**
 * The REAL credential store: the store the profiles bind ({@link profileSecretStore}, the
 * Secret Service through `@napi-rs/keyring`), reaching a private D-Bus session with an unlocked
 * gnome-keyring started for this test. The session bus is this process's for the test's length
 * (the native client reads the process environment); `close` restores it and stops the daemons.
 */
export async function keyStoreUnderTest(): Promise<KeyStoreUnderTest> {
  const service = await startPrivateSecretService();
  const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
  process.env.DBUS_SESSION_BUS_ADDRESS = service.env.DBUS_SESSION_BUS_ADDRESS;
  return {
    store: profileSecretStore(),
    lookup: (reference) => Promise.resolve(service.lookup(reference)),
    close: async () => {
      if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
      else process.env.DBUS_SESSION_BUS_ADDRESS = saved;
      await service.stop();
    },
  };
}
