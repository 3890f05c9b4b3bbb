/**
 * The provider HTTP kernel: the one adapter folder other adapters may import
 * (test/architecture/dependency-rule.test.ts says so). This file is its surface: other adapters
 * import what they use from here.
 *
 * Three adapters talk to scholarly sources over HTTP — the search (`provider-client`), the
 * citation graph (`citation-graph`) and the full-text reader (`fulltext-client`) — and they must
 * talk to them the same way: one pacing lane per source whichever tool asks, one proxy
 * dispatcher, one budget rule, one body bound, one set of failure kinds and causes. Copying that
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
 *   ProviderFailure>`), {@link providerFailure}, and the static transport causes;
 * - the stepwise readers of provider bodies (JSON, and XML over saxes);
 * - the work formats two adapters read (the OpenAlex, Crossref and Semantic Scholar
 *   records the search and the graph both build, record bounds, markup and abstract text,
 *   DOI path segments and year steering);
 * - the answer cache the search and the graph both keep.
 *
 * It imports only the domain, the ports and libraries (undici, saxes); it never imports another
 * adapter.
 */
export { ProviderHttp } from './provider-http.js';
export type { ProviderGet } from './send-get.js';
export { piecesOf, type TextPieces } from './body-text.js';
export { providerFailure, success, type ProviderFailure, type ProviderResult } from './provider-failure.js';
export { intervalFor, tierPacing, TIER_INTERVALS_MS } from './tier-pacing.js';
export { AnswerCache, DEFAULT_CACHE_ENTRIES, answerKey } from './answer-cache.js';
export { asArray, asObject, asString, type JsonObject } from './json-fields.js';
export { readJson } from './json-reader.js';
export { listOf, objectOf, scalar } from './json-shape.js';
export { readXml, type XmlEvents } from './xml-reader.js';
export { XmlReadError } from './xml-events.js';
export { markupFreeText } from './abstract-text.js';
export {
  MAX_AUTHORS,
  YEAR_RANGE,
  authorsOf,
  buildRecord,
  cleanText,
  collectInto,
  literalAuthor,
  type RecordOptions,
} from './record-fields.js';
export { doiPathSegment, withQuery, yearBounds } from './steering.js';
export { OPENALEX_WORKS_ENDPOINT, credentialParams, openAlexRecord, openAlexWorkShape, yearFilter } from './openalex-work.js';
export { CROSSREF_WORKS_ENDPOINT, crossrefRecord, crossrefWorkShape, mailtoParams } from './crossref-work.js';
export { SEMANTIC_SCHOLAR_FIELDS, headersFor, semanticScholarPaperShape, semanticScholarRecord } from './semantic-scholar-work.js';
