/**
 * The undici adapter of the ReferenceLookup port (docs/providers.md#the-reference-check): the
 * reference check's questions to Crossref, OpenAlex, Semantic Scholar, PubMed and arXiv, over the
 * provider HTTP kernel (`../provider-http/`) — the same `ProviderHttp` the search uses, so both
 * tools share each provider's pacing lane. Loaded with the first reference check.
 *
 * Decisions where docs/providers.md leaves room:
 * - One 15 s budget per question (an identifier lookup, a search, a status batch), pacing waits
 *   and every request of it (PubMed's two, Crossref's two) included.
 * - Answers are cached parsed, 10 minutes, 256 entries, keyed like the search cache (provider,
 *   URL, headers: a different key or email never shares an answer); a session also remembers
 *   its own answers, so asking twice costs one request.
 * - Crossref status lookups read `updated-by` from works the session already read (an identifier
 *   lookup or a search) and ask `filter=doi:` only for the others; `filter=updates:` is always
 *   asked. DOIs with a comma or over 256 characters are left out of these filter lists.
 * - OpenAlex requests `select` only the fields the check reads (and `type`, `locations`).
 * - Identifiers enter a URL only after a closed pattern check: DOIs as one percent-encoded path
 *   segment (the kernel's `doiPathSegment`), PMIDs of 1–9 digits, arXiv ids of the two id forms.
 */
export { UndiciReferenceLookup, type UndiciReferenceLookupOptions } from './undici-reference-lookup.js';
export { SEMANTIC_SCHOLAR_MATCH_ENDPOINT } from './semantic-scholar-lookup.js';
