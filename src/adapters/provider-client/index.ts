/**
 * The undici adapter of the ProviderClient port (docs/providers.md): the client, its options, and the
 * per-provider request builders and response parsers. The HTTP policy it sends through is the
 * provider HTTP kernel's (`../provider-http/`), shared with the citation-graph and full-text adapters.
 *
 * Decisions where docs/providers.md leaves room:
 * - One 15 s budget per provider search covers pacing waits, every request (PubMed's two),
 *   the retry wait and body reading. A pacing slot that would start after the budget → `rate_limited`.
 * - Body over 4 MiB (declared, read, or after decompression) → `decode_error`: the answer was
 *   received but cannot be used. `gzip, br` are asked for; charsets are honoured (docs/provider-data.md).
 * - Bodies are parsed in time slices, never in one call; records past the number asked for are
 *   not built; text fields over 16 KiB and authors past the 1,000th are dropped; one year rule
 *   for all five providers (docs/provider-data.md).
 * - Semantic Scholar `limit` is capped at 100 (its search refuses more), like OpenAlex's `per_page`.
 * - Pacing per access tier (`../provider-http/tier-pacing.ts`): arXiv 3 s, Crossref 1 s, PubMed 334 ms (100 ms
 *   with a key), Semantic Scholar 3 s (1 s with a key), OpenAlex 1 s (100 ms with a key).
 * - Proxies: the default dispatcher honours `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` through a
 *   CONNECT tunnel (`../provider-http/proxy-dispatcher.ts`); a proxy URL is never echoed.
 * - Cache key: SHA-256 of provider + first request URL + headers, i.e. the trimmed query as
 *   sent (case kept: PubMed operators are case-sensitive), the effective row count and the
 *   credentials the provider uses. Only successful answers are cached (empty ones included).
 * - DOIs are kept as the provider gives them (OpenAlex's `https://doi.org/…` too); the domain
 *   normalises. Display names become `{literal}` authors (no guessing at name splits); only
 *   Crossref's `family`/`given` become `{family, given}`. OpenAlex ids are shortened to `W…`.
 *   arXiv's `journal_ref` is the venue. Titles keep any markup a provider stores.
 * - Steered searches (docs/providers.md#steered-requests): a DOI lookup answered 404 → `ok`
 *   with no records; arXiv is not asked in `doi` mode (no records, no request); a query that is
 *   not a DOI is not sent; a DOI with a `.`/`..` segment is sent with every `/` as `%2F`;
 *   OpenAlex title searches turn `,` `|` `!` into spaces; Semantic Scholar's title mode is its
 *   usual search; a search with abstracts has its own cache keys.
 */
export { UndiciProviderClient } from './undici-provider-client.js';
/** The kernel's HTTP policy, which the composition root builds once for every client: it and undici load with this adapter. */
export { ProviderHttp } from '../provider-http/provider-http.js';
