import type { ZoteroConnector } from '../ports/zotero-connector.port.js';

/**
 * The Standard profile's {@link ZoteroConnector}: the undici adapter (and its `Client`) is loaded
 * on the first call to Zotero — a Zotero status or save — so start-up and every other tool never
 * load it (docs/runtime.md). Lite binds no connector at all. A failure to load the bundled
 * adapter is not one of Zotero's answers: the call rejects, and the tool answers as for any
 * unexpected failure.
 */
export class LazyZoteroConnector implements ZoteroConnector {
  private connector: Promise<ZoteroConnector> | undefined;

  private real(): Promise<ZoteroConnector> {
    this.connector ??= import('../adapters/zotero-connector/index.js').then((adapter) => new adapter.UndiciZoteroConnector());
    return this.connector;
  }

  ping: ZoteroConnector['ping'] = (signal) => this.real().then((it) => it.ping(signal));
  targets: ZoteroConnector['targets'] = (signal) => this.real().then((it) => it.targets(signal));
  importCslJson: ZoteroConnector['importCslJson'] = (text, items, signal) => this.real().then((it) => it.importCslJson(text, items, signal));
  updateSession: ZoteroConnector['updateSession'] = (update, items, signal) => this.real().then((it) => it.updateSession(update, items, signal));
  findInLibrary: ZoteroConnector['findInLibrary'] = (lookup, signal) => this.real().then((it) => it.findInLibrary(lookup, signal));
}
