import type { ZoteroConnector, ZoteroLookup, ZoteroTarget } from '../../src/ports/zotero-connector.port.js';

/** My Library, the one target of {@link fakeZotero} by default. */
export const MY_LIBRARY: ZoteroTarget = { key: 'L1', name: 'My Library', library: 'My Library', level: 0 };

/** A {@link fakeZotero}: the scripted connector and every lookup it was asked. */
export type FakeZotero = ZoteroConnector & { readonly lookups: ZoteroLookup[] };

/**
 * A {@link ZoteroConnector} that answers from a script, without any network: Zotero 7.0.0
 * running with My Library selected, an import saving every CSL-JSON item it is sent (each as a
 * book with its title), updates accepted, an empty library. `overrides` replaces any call.
 */
export function fakeZotero(overrides: Partial<ZoteroConnector> = {}): FakeZotero {
  const lookups: ZoteroLookup[] = [];
  return {
    lookups,
    ping: async () => ({ ok: true, value: { version: '7.0.0' } }),
    targets: async () => ({ ok: true, value: { selected: MY_LIBRARY, targets: [MY_LIBRARY] } }),
    importCslJson: async (text) => ({
      ok: true,
      value: { session: 's', items: (JSON.parse(text) as Array<{ title: string }>).map((item) => ({ itemType: 'book', title: item.title })) },
    }),
    updateSession: async () => ({ ok: true, value: undefined }),
    findInLibrary: async (lookup) => {
      lookups.push(lookup);
      return { ok: true, value: [] };
    },
    ...overrides,
  };
}
