import type { ProviderId } from '../../ports/config-source.port.js';
import type { SecretReference, SecretStore, SecretWrite } from '../../ports/secret-store.port.js';
import type { SettingsDraft } from '../../ports/settings-writer.port.js';
import { hasSetting, PROVIDER_CATALOGUE } from '../shared/provider-catalogue.js';
import { failure, success, type Result } from '../shared/result.js';
import { keyProblem } from './change-input-checks.js';
import { SECRET_REFERENCE, type SettingsChangePorts } from './settings-change-ports.js';
import { outcomeOfWrite, refused, type SettingsChangeOutcome } from './settings-change-outcome.js';

/** The status of a store call that the port promises never throws, `failed` should an adapter break the promise. */
const statusOfStoreCall = (call: () => Promise<SecretWrite>): Promise<SecretWrite['status']> =>
  call().then(
    (write) => write.status,
    () => 'failed' as const,
  );

/** Deletes `reference` from the store; whether it is gone. */
const forget = async (secrets: SecretStore, reference: SecretReference): Promise<boolean> =>
  (await statusOfStoreCall(() => secrets.remove(reference))) === 'done';

/** The settings a key change starts from, or the outcome that stops it before it starts. */
type KeyChangeStart = Result<Extract<SettingsDraft, { status: 'available' }>, SettingsChangeOutcome>;

/**
 * Whether a key could be set for `provider` now: it takes one, the settings are usable and a
 * credential store answers (SecretStore.reachable: its native module loads and a lookup ends in
 * time). A terminal asks this before it asks the person for the key, so nobody types a key only
 * to learn it cannot be kept; {@link setKey} asks it again.
 */
export async function startKeyChange(ports: Pick<SettingsChangePorts, 'settings' | 'secrets'>, provider: ProviderId): Promise<KeyChangeStart> {
  if (!hasSetting(provider, 'api_key')) return failure(refused('takes-no-key'));
  const draft = await ports.settings.readForChange();
  if (draft.status === 'unavailable') return failure(refused('settings-unavailable', draft.rule));
  if (!(await ports.secrets.reachable())) return failure(refused('store-unavailable'));
  return success(draft);
}

/**
 * Sets the API key of OpenAlex, Semantic Scholar or PubMed (`qiongli config set-key`,
 * docs/configuration.md#changing-the-settings), in this order:
 *
 * 1. the key is checked (see {@link keyProblem}), then {@link startKeyChange}: the settings are
 *    read; no store reachable → `store-unavailable`, nothing saved (no plaintext fallback);
 * 2. the key is stored under a fresh reference, *before* any settings name it;
 * 3. the settings are written naming the new reference, based on the revision read in 1; if
 *    that is refused, the fresh secret is deleted again;
 * 4. the secret the settings named before, if any, is deleted (if that fails: saved, with the
 *    warning `old-key-not-deleted`).
 *
 * The key travels only into `SecretStore.store`; no outcome carries it.
 */
export async function setKey(ports: SettingsChangePorts, provider: ProviderId, key: string): Promise<SettingsChangeOutcome> {
  if (!hasSetting(provider, 'api_key')) return refused('takes-no-key');
  const problem = keyProblem(key);
  if (problem !== undefined) return refused(problem);
  const start = await startKeyChange(ports, provider);
  if (!start.ok) return start.error;
  const draft = start.value;
  const reference = ports.newSecretReference();
  if (!SECRET_REFERENCE.test(reference)) return refused('store-failed');
  const stored = await statusOfStoreCall(() => ports.secrets.store(reference, key, `${PROVIDER_CATALOGUE[provider].displayName} API key`));
  if (stored !== 'done') return refused(stored === 'unavailable' ? 'store-unavailable' : 'store-failed');
  const current = draft.settings.providers[provider];
  const outcome = outcomeOfWrite(await ports.settings.write(draft.revision, { providers: { [provider]: { ...current, apiKeyRef: reference } } }));
  if (outcome.status !== 'saved') {
    await forget(ports.secrets, reference);
    return outcome;
  }
  const replaced = current.apiKeyRef;
  if (replaced === undefined || replaced === reference || (await forget(ports.secrets, replaced))) return outcome;
  return { ...outcome, warning: 'old-key-not-deleted' };
}

/**
 * Removes the API key of a provider (`qiongli config remove-key`): the settings stop naming it
 * first, then its secret is deleted — so a failure in between leaves an unused secret in the
 * store (reported as `old-key-not-deleted`), never settings that name a deleted secret. No key
 * set → `unchanged`. Works without a reachable store (the secret then stays, with the warning).
 */
export async function removeKey(ports: Pick<SettingsChangePorts, 'settings' | 'secrets'>, provider: ProviderId): Promise<SettingsChangeOutcome> {
  if (!hasSetting(provider, 'api_key')) return refused('takes-no-key');
  const draft = await ports.settings.readForChange();
  if (draft.status === 'unavailable') return refused('settings-unavailable', draft.rule);
  const current = draft.settings.providers[provider];
  const reference = current.apiKeyRef;
  if (reference === undefined) return { status: 'unchanged', reason: 'no-key' };
  const { apiKeyRef: _removed, ...kept } = current;
  const outcome = outcomeOfWrite(await ports.settings.write(draft.revision, { providers: { [provider]: kept } }));
  if (outcome.status !== 'saved' || (await forget(ports.secrets, reference))) return outcome;
  return { ...outcome, warning: 'old-key-not-deleted' };
}
