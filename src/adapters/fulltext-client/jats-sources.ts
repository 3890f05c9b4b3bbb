import type { FullTextSource, WorkReference } from '../../ports/fulltext-client.port.js';
import type { ProviderHttp } from '../provider-http/provider-http.js';
import { readJatsDocument } from './document-readers.js';
import { EUROPEPMC_INTERVAL_MS, europePmcFullTextRequest, europePmcRecord, europePmcSearchRequest, type EuropePmcRecord } from './europepmc.js';
import type { JatsMetadata } from './jats-metadata.js';
import { pmcArticleUrl, pmcFetchRequest, pmcIntervalMs } from './pmc.js';
import { SourceFetcher, answeredRead, failedRead, readDocument, type FetchedDocument, type SourceRead } from './source-reads.js';

/** A read of Europe PMC: the source's answer and the record it resolved the work to. */
export interface EuropePmcRead extends SourceRead {
  readonly record?: EuropePmcRecord;
}

/**
 * A JATS document fetched from `url` read into a {@link SourceRead}: an article without `body`
 * (PubMed Central's metadata-only answer to an article it may not redistribute as XML) or whose
 * `body` gives no passage (an empty `<body/>` beside the abstract and references) is "no open
 * full text"; a document with no article at all is
 * "not found". The licence is the article's own (`article-meta/permissions`), else Europe PMC's
 * `label`; both are reported when they disagree.
 */
async function jatsRead(fetcher: SourceFetcher, provider: FullTextSource, body: FetchedDocument, url: string, label?: string): Promise<SourceRead> {
  const read = await fetcher.parse(
    readDocument(body, readJatsDocument, { provider, url }, (found: JatsMetadata) => [
      { from: 'article', ...(found.licenceUrl === undefined ? {} : { url: found.licenceUrl }) },
      { from: 'europepmc_record', ...(label === undefined ? {} : { label }) },
    ]),
  );
  if (!read.ok) return failedRead(provider, read.error);
  const { document, found } = read.value;
  if (!found.hasArticle) return answeredRead(provider, 'not_found');
  if (!found.hasBody || !found.hasBodyText) return answeredRead(provider, 'no_open_full_text', found.work);
  return { attempt: { provider, outcome: 'full_text' }, document, work: found.work };
}

/**
 * Europe PMC (docs/providers.md#full-text-sources): `search` resolves the work (`resultType=core`:
 * PMCID, open-access flags, licence, links); when it has a PMCID that Europe PMC may hold the text
 * of, `fullTextXML` (JATS; 404: none). Not in the answer → `not_found`.
 */
export async function readEuropePmc(http: ProviderHttp, work: Exclude<WorkReference, { kind: 'arxiv' }>, signal: AbortSignal): Promise<EuropePmcRead> {
  const fetcher = new SourceFetcher(http, 'europepmc', EUROPEPMC_INTERVAL_MS, signal);
  const answer = await fetcher.fetch(europePmcSearchRequest(work));
  if (!answer.ok) return failedRead('europepmc', answer.error);
  if (answer.value === undefined) return answeredRead('europepmc', 'not_found');
  const parsed = await fetcher.parse(europePmcRecord(answer.value, work));
  if (!parsed.ok) return failedRead('europepmc', parsed.error);
  const record = parsed.value;
  if (record === undefined) return answeredRead('europepmc', 'not_found');
  const known = {
    ...(record.pmcid === undefined ? {} : { pmcid: record.pmcid }),
    ...(record.pmid === undefined ? {} : { pmid: record.pmid }),
    ...(record.doi === undefined ? {} : { doi: record.doi }),
  };
  if (record.pmcid === undefined || !record.fullTextExpected) return { ...answeredRead('europepmc', 'no_open_full_text', known), record };
  const get = europePmcFullTextRequest(record.pmcid);
  const xml = await fetcher.fetchDocument(get);
  if (!xml.ok) return { ...failedRead('europepmc', xml.error), work: known, record };
  if (xml.value === undefined) return { ...answeredRead('europepmc', 'no_open_full_text', known), record };
  const read = await jatsRead(fetcher, 'europepmc', xml.value, get.url, record.licence);
  return { ...read, work: { ...known, ...read.work }, record };
}

/**
 * PubMed Central (docs/providers.md#full-text-sources): `efetch db=pmc` of a PMCID, on PubMed's
 * lane and pace, with PubMed's key when one resolves. HTTP 200 with metadata only (no `body`) is
 * "no open full text".
 */
export async function readPmc(http: ProviderHttp, pmcid: string, apiKey: string | undefined, signal: AbortSignal): Promise<SourceRead> {
  const fetcher = new SourceFetcher(http, 'pubmed', pmcIntervalMs(apiKey), signal);
  const xml = await fetcher.fetchDocument(pmcFetchRequest(pmcid, apiKey));
  if (!xml.ok) return failedRead('pmc', xml.error);
  if (xml.value === undefined) return answeredRead('pmc', 'not_found');
  return jatsRead(fetcher, 'pmc', xml.value, pmcArticleUrl(pmcid));
}
