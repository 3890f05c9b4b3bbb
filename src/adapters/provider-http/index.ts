/**
 * The provider HTTP kernel: the one adapter folder other adapters may import
 * (test/architecture/dependency-rule.test.ts says so). This file is its surface: other adapters
 * import what they use from here.
 *
 * Four adapters talk to scholarly sources over HTTP — the search (`provider-client`), the
 * citation graph (`citation-graph`), the full-text reader (`fulltext-client`) and the reference
 * check's lookups (`reference-lookup`) — and they must talk to them the same way: one pacing
 * lane per source whichever tool asks, one proxy dispatcher, one budget rule, one body bound, one
 * set of failure kinds and causes. Copying that
 * policy into each adapter would let the copies drift (two tools asking arXiv at two paces), and
 * letting the adapters import each other would tie the graph to the search's internals. So the
 * shared part lives here, named, and the dependency rule (test/architecture/dependency-rule.test.ts)
 * allows exactly `adapters/* → adapters/provider-http`; every other adapter→adapter import fails it.
 *
 * What is here, and nothing else:
 * - the HTTP policy ({@link ProviderHttp}): pacing lanes and tier pacing, the connect and
 *   whole-request budgets (which end a request whatever a proxy does), the bounded connection
 *   attempts, the one polite retry on `Retry-After`, the body bound, decompression and charset
 *   decoding, the proxy dispatcher, and body parsing in time slices (through the `TimeSlices`
 *   port the composition root injects);
 * - the provider failure vocabulary: `ProviderResult<T>` (the domain's `Result<T,
 *   ProviderFailure>`), `providerFailure`, and the static transport causes;
 * - the stepwise readers of provider bodies (JSON, and XML over saxes);
 * - the work formats two adapters read (the OpenAlex, Crossref and Semantic Scholar
 *   records the search, the graph and the reference check build; the arXiv Atom entries and
 *   PubMed E-utilities answers the search and the reference check read; record bounds, markup
 *   and abstract text, DOI path segments and year steering);
 * - the answer cache the search and the graph both keep.
 *
 * It imports only the domain, the ports and libraries (undici, saxes); it never imports another
 * adapter.
 *
 * Other adapters import the kernel's files one by one, not through this index: each lazily
 * loaded adapter is bundled on its own (a chunk of the bundle, an asset of the single
 * executable), and one barrel would pull undici and saxes into the citation graph's code and the
 * program's start-up snapshot. What they share: `provider-http.ts` (the policy), `send-get.ts`
 * (`ProviderGet`), `provider-failure.ts`, `tier-pacing.ts`, `answer-cache.ts`, `body-text.ts`
 * (`TextPieces`), the readers (`json-*.ts`, `xml-*.ts`, `atom-entries.ts`) and the work formats
 * (`*-work.ts`, `record-fields.ts`, `abstract-text.ts`, `markup-text.ts`, `steering.ts`). The composition root
 * builds the one `ProviderHttp` from the search adapter's module, with which undici loads.
 */
export type { ProviderHttp } from './provider-http.js';
