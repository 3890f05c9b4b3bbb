import type { ProviderId } from '../../../src/ports/config-source.port.js';
import type { SetupBackend, SetupFieldResult, SetupForm, SetupProviderChange, SetupState } from '../../../src/ports/setup-backend.port.js';

/** What a person submits for one provider, without what the page showed. */
export type Typed = Omit<SetupProviderChange, 'shown'>;

/** The form a page showing `shown` sends when the person submits `typed` (and the Zotero switch as `zotero`). */
export function formOver(shown: SetupState, typed: Partial<Record<ProviderId, Typed>>, zotero?: boolean): SetupForm {
  const providers = Object.fromEntries(Object.entries(typed).map(([id, change]) => [id, { shown: shown.providers[id as ProviderId], ...change }]));
  return { revision: shown.revision, providers, ...(zotero === undefined ? {} : { zotero: { shown: shown.zotero.enabled, enabled: zotero } }) };
}

/** Shows the page (reads the state), then saves `typed` on it at once. */
export async function saveOn(backend: SetupBackend, typed: Partial<Record<ProviderId, Typed>>, zotero?: boolean): Promise<readonly SetupFieldResult[]> {
  return backend.save(formOver(await backend.state(), typed, zotero));
}
