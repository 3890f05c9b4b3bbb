/**
 * The undici adapter of the ZoteroConnector port (docs/zotero.md#how-qiongli-talks-to-zotero):
 * the person's running Zotero through its local connector server and its read-only local API,
 * at the constant address `http://127.0.0.1:23119`, never through a proxy. It imports no other
 * adapter: Zotero is not a literature provider and shares nothing of their HTTP layer.
 */
export { UndiciZoteroConnector } from './undici-zotero-connector.js';
