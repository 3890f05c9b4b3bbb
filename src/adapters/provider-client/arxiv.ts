import type { ProviderRecord, RecordAuthor } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { AtomEntryCollector, type AtomEntry } from './atom-entries.js';
import { parseInSlices, singleRequestProtocol, stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderQuery, type Step } from './provider-protocol.js';
import { MAX_AUTHORS, buildRecord, cleanText, literalAuthor } from './record-fields.js';
import { readXml } from './xml-reader.js';

/** The arXiv query endpoint (docs/providers.md#requests); a constant, never configurable. */
export const ARXIV_QUERY_ENDPOINT = 'https://export.arxiv.org/api/query';

/** The arXiv search request: `all:<q>`, relevance order, Atom answer asked for (docs/providers.md#requests). */
export function buildArxivRequest({ query, limit }: ProviderQuery): ProviderGet {
  const url =
    `${ARXIV_QUERY_ENDPOINT}?search_query=all:${encodeURIComponent(query)}` +
    `&start=0&max_results=${rowsFor(limit)}&sortBy=relevance&sortOrder=descending`;
  return { url, headers: { accept: 'application/atom+xml' } };
}

/** arXiv's throttling answer, sent with HTTP 200 as plain text. */
const RATE_EXCEEDED = /^rate exceeded\.?$/iu;

/** `http://arxiv.org/abs/<id>v<version>` → `<id>` (old-style ids keep their archive part). */
const ABS_ID = /^https?:\/\/(?:export\.)?arxiv\.org\/abs\/(.+?)(?:v\d+)?$/u;

/**
 * Maps an arXiv Atom feed to at most `rows` records (docs/providers.md#the-literature-record), stepwise: entry `title`,
 * `doi`, year of `published`, `journal_ref` as the venue (present → `article`, absent →
 * `preprint`), `author/name`, the abs URL `https://arxiv.org/abs/<id>` and the id without
 * version. The plain `Rate exceeded.` answer → `rate_limited`; a non-feed document or arXiv's
 * error feed → `decode_error`; malformed XML or a document type declaration throws (see
 * {@link readXml}). No entity is ever expanded.
 */
export function* arxivRecords(body: string, rows: number): Stepwise<Step<readonly ProviderRecord[]>> {
  if (RATE_EXCEEDED.test(body.trim())) return stepFailed('rate_limited');
  const records: ProviderRecord[] = [];
  let errorFeed = false;
  const collector = new AtomEntryCollector(MAX_AUTHORS, (entry) => {
    if (entry.id?.includes('arxiv.org/api/errors')) errorFeed = true;
    const record = records.length < rows ? arxivRecord(entry) : undefined;
    if (record !== undefined) records.push(record);
  });
  yield* readXml(body, collector);
  if (collector.root !== 'feed' || errorFeed) return stepFailed('decode_error');
  return stepOk(records);
}

/** {@link arxivRecords} run in time slices; every record unless `rows` is given. */
export const parseArxivResponse = (body: string, rows = Infinity): Promise<Step<readonly ProviderRecord[]>> =>
  parseInSlices(arxivRecords(body, rows));

function arxivRecord(entry: AtomEntry): ProviderRecord | undefined {
  const id = ABS_ID.exec(entry.id?.trim() ?? '')?.[1];
  const journalRef = cleanText(entry.journal_ref);
  const authors = entry.authors.map(literalAuthor).filter((author): author is RecordAuthor => author !== undefined);
  return buildRecord({
    title: entry.title,
    doi: entry.doi,
    year: entry.published,
    venue: journalRef,
    authors,
    url: id === undefined ? undefined : `https://arxiv.org/abs/${id}`,
    identifiers: { arxiv: id },
    record_type: journalRef === undefined ? 'preprint' : 'article',
  });
}

/** arXiv: one GET per search, at most one request start every 3 seconds. */
export const arxivProtocol = singleRequestProtocol(buildArxivRequest, arxivRecords, () => 3000);
