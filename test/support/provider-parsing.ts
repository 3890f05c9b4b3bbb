/**
 * The provider body parsers run in time slices as the search runs them (the kernel's
 * `parseInSlices` over the scheduling adapter's slices), for tests and benchmarks that parse a
 * body without sending a request.
 */
import type { ProviderRecord } from '../../src/ports/provider-client.port.js';
import type { Stepwise } from '../../src/domain/shared/stepwise.js';
import { parseInSlices } from '../../src/adapters/provider-http/provider-failure.js';
import type { ProviderResult } from '../../src/adapters/provider-http/provider-failure.js';
import type { RecordOptions } from '../../src/adapters/provider-http/record-fields.js';
import { eventLoopSlices } from '../../src/adapters/scheduling/time-slices.js';
import { arxivRecords } from '../../src/adapters/provider-client/arxiv.js';
import { crossrefRecords } from '../../src/adapters/provider-client/crossref.js';
import { openAlexRecords } from '../../src/adapters/provider-client/openalex.js';
import { pubMedSearchIds, pubMedSummaryRecords } from '../../src/adapters/provider-client/pubmed.js';
import { semanticScholarRecords } from '../../src/adapters/provider-client/semantic-scholar.js';

type Records = Promise<ProviderResult<readonly ProviderRecord[]>>;

/** Any stepwise parse run in the event loop's time slices (a throw → `decode_error`). */
export const inSlices = <T>(task: Stepwise<ProviderResult<T>>, signal?: AbortSignal): Promise<ProviderResult<T>> =>
  parseInSlices(eventLoopSlices, task, signal);

export const parseArxivResponse = (body: string, rows = Infinity, options: RecordOptions = {}): Records => inSlices(arxivRecords(body, rows, options));
export const parseOpenAlexResponse = (body: string, rows = Infinity, options: RecordOptions = {}): Records => inSlices(openAlexRecords(body, rows, options));
export const parseSemanticScholarResponse = (body: string, rows = Infinity, options: RecordOptions = {}): Records =>
  inSlices(semanticScholarRecords(body, rows, options));
export const parseCrossrefResponse = (body: string, rows = Infinity, options: RecordOptions = {}): Records => inSlices(crossrefRecords(body, rows, options));
export const parsePubMedSearchResponse = (body: string, rows = Infinity): Promise<ProviderResult<readonly string[]>> => inSlices(pubMedSearchIds(body, rows));
export const parsePubMedSummaryResponse = (body: string, rows = Infinity): Records => inSlices(pubMedSummaryRecords(body, rows));
