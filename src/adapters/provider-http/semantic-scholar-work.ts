import type { ProviderRecord, ProviderSearchRequest } from '../../ports/provider-client.port.js';
import { asObject, asString, type JsonObject } from './json-fields.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { MAX_AUTHORS, authorsOf, buildRecord, literalAuthor, type RecordOptions } from './record-fields.js';
import { semanticScholarRecordType } from './record-types.js';

/*
 * The Semantic Scholar paper format, read by the search (provider-client) and the citation graph
 * alike: the fields asked for, the key header, the reader shape of a paper, and the record built
 * from one.
 */

/** The fields asked for (docs/providers.md#requests, #steered-requests); `abstract` is added when asked for. */
export const SEMANTIC_SCHOLAR_FIELDS = 'title,year,venue,externalIds,authors,url,citationCount,openAccessPdf,publicationTypes';

/** The API key travels only in the `x-api-key` header, never in the URL (docs/providers.md#providers-and-readiness). */
export function headersFor({ credentials }: Pick<ProviderSearchRequest, 'credentials'>): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials.apiKey) headers['x-api-key'] = credentials.apiKey;
  return headers;
}

/** The parts of a Semantic Scholar paper that records are built from (all else is only checked). */
const PAPER_FIELDS = {
  paperId: scalar,
  title: scalar,
  year: scalar,
  venue: scalar,
  url: scalar,
  externalIds: objectOf({ DOI: scalar, ArXiv: scalar, PubMed: scalar }),
  authors: listOf(objectOf({ name: scalar }), { max: MAX_AUTHORS }),
  citationCount: scalar,
  openAccessPdf: objectOf({ url: scalar }),
  publicationTypes: listOf(scalar, { max: 16 }),
};
const PAPER = objectOf(PAPER_FIELDS);
const PAPER_WITH_ABSTRACT = objectOf({ ...PAPER_FIELDS, abstract: scalar });
/** The reader shape of one Semantic Scholar paper (with its abstract when asked for). */
export const semanticScholarPaperShape = (options: RecordOptions) => (options.abstracts === true ? PAPER_WITH_ABSTRACT : PAPER);

/** One Semantic Scholar paper object as a record (docs/providers.md#the-literature-record); no title → `undefined`. */
export function semanticScholarRecord(paper: JsonObject, options: RecordOptions): ProviderRecord | undefined {
  const externalIds = asObject(paper['externalIds']);
  return buildRecord({
    title: asString(paper['title']),
    doi: asString(externalIds?.['DOI']),
    year: paper['year'],
    venue: asString(paper['venue']),
    authors: authorsOf(paper['authors'], (author) => literalAuthor(asString(author['name']))),
    url: asString(paper['url']),
    identifiers: {
      semantic_scholar: asString(paper['paperId']),
      arxiv: asString(externalIds?.['ArXiv']),
      pmid: asString(externalIds?.['PubMed']),
    },
    record_type: semanticScholarRecordType(paper['publicationTypes']),
    abstract: options.abstracts === true ? asString(paper['abstract']) : undefined,
    cited_by_count: paper['citationCount'],
    open_access_url: asString(asObject(paper['openAccessPdf'])?.['url']),
  });
}
