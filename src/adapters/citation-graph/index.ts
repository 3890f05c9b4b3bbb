/**
 * The undici adapter of the CitationGraphClient port (docs/providers.md#the-citation-graph):
 * OpenAlex, Semantic Scholar, OpenCitations and Crossref, over the provider client's HTTP policy.
 *
 * Decisions where docs/providers.md leaves room:
 * - Every source is read in chunks of 100 edges: OpenAlex cursor pages (`per_page=100`) and
 *   batches of 100 `referenced_works`, Semantic Scholar offset pages (`limit=100`), slices of the
 *   OpenCitations and Crossref whole lists. Chunk `n` is always the same slice.
 * - OpenAlex requests `select` only the fields a record is built from (and, to resolve a work,
 *   its `ids` and `referenced_works`); `sort=` orders citations when newest or most cited is asked.
 * - Answers are cached parsed, 10 minutes, 256 entries, keyed like the search cache.
 * - Identifiers from a caller or from a provider's answer enter a URL only after a closed pattern
 *   check (`graph-ids.ts`); DOIs as one percent-encoded path segment (the search's `doiPathSegment`).
 */
export { UndiciCitationGraphClient } from './undici-citation-graph-client.js';
