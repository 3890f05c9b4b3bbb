/**
 * The full-text adapter (docs/providers.md#full-text-sources): loaded with its HTML parser only
 * when the first full-text read runs, built over the provider runtime's shared HTTP policy.
 */
export { UndiciFullTextClient, type UndiciFullTextClientOptions } from './undici-fulltext-client.js';
export { MAX_DOCUMENT_BYTES } from './source-reads.js';
export { DOCUMENT_BOUNDS } from './document-builder.js';
export { sha256Hex } from './text-digest.js';
