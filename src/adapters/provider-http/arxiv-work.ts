import type { ProviderRecord, RecordAuthor } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { buildRecord, cleanText, literalAuthor, MAX_AUTHORS, type RecordOptions } from './record-fields.js';
import { providerFailure, success, type ProviderResult } from './provider-failure.js';
import { readXml } from './xml-reader.js';
import { AtomEntryCollector, type AtomEntry } from './atom-entries.js';

/*
 * The arXiv work format, read by the search (provider-client) and the reference check
 * (reference-lookup) alike: its endpoint and the record built from an Atom feed's entries. It
 * moved here from the search adapter when the reference check needed the same reader (issue 27):
 * adapters share code only through this kernel.
 */

/** The arXiv query endpoint (docs/providers.md#requests); a constant, never configurable. */
export const ARXIV_QUERY_ENDPOINT = 'https://export.arxiv.org/api/query';

/** arXiv's throttling answer, sent with HTTP 200 as plain text. */
const RATE_EXCEEDED = /^rate exceeded\.?$/iu;

/** `http://arxiv.org/abs/<id>v<version>` → `<id>` (old-style ids keep their archive part). */
const ABS_ID = /^https?:\/\/(?:export\.)?arxiv\.org\/abs\/(.+?)(?:v\d+)?$/u;

/**
 * Maps an arXiv Atom feed to at most `rows` records (docs/providers.md#the-literature-record), stepwise: entry `title`,
 * `doi`, year of `published`, `journal_ref` as the venue (present → `article`, absent →
 * `preprint`), `author/name`, the abs URL `https://arxiv.org/abs/<id>` and the id without
 * version, the PDF link `https://arxiv.org/pdf/<id>` as `open_access_url`, and `summary` as the
 * abstract when asked for. The plain `Rate exceeded.` answer → `rate_limited`; a non-feed document or arXiv's
 * error feed → `decode_error`; malformed XML or a document type declaration throws (see
 * {@link readXml}). No entity is ever expanded.
 */
export function* arxivRecords(body: string, rows: number, options: RecordOptions = {}): Stepwise<ProviderResult<readonly ProviderRecord[]>> {
  if (RATE_EXCEEDED.test(body.trim())) return providerFailure('rate_limited');
  const records: ProviderRecord[] = [];
  let errorFeed = false;
  const collector = new AtomEntryCollector(
    MAX_AUTHORS,
    (entry) => {
      if (entry.id?.includes('arxiv.org/api/errors')) errorFeed = true;
      const record = records.length < rows ? arxivRecord(entry) : undefined;
      if (record !== undefined) records.push(record);
    },
    options.abstracts === true,
  );
  yield* readXml(body, collector);
  if (collector.root !== 'feed' || errorFeed) return providerFailure('decode_error');
  return success(records);
}

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
    abstract: entry.summary,
    open_access_url: id === undefined ? undefined : `https://arxiv.org/pdf/${id}`,
  });
}
