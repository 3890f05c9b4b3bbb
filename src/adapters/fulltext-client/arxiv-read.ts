import type { ProviderHttp } from '../provider-http/provider-http.js';
import { ARXIV_INTERVAL_MS, arxivHtmlRequest, arxivRecord, arxivRecordRequest, type ArxivRecord } from './arxiv-sources.js';
import { readLatexmlDocument, type LatexmlReading } from './document-readers.js';
import { chooseLicence } from './licence-names.js';
import { SourceFetcher, answeredRead, failedRead, readDocument, type SourceRead } from './source-reads.js';

/** arXiv's PDF of an id: the free link its search records carry. */
const arxivPdfUrl = (id: string): string => `https://arxiv.org/pdf/${id}`;

/** The OAI-PMH record of an id; `undefined` when it cannot be had (the read goes on without it). */
async function recordOf(fetcher: SourceFetcher, id: string): Promise<ArxivRecord | undefined> {
  const answer = await fetcher.fetch(arxivRecordRequest(id));
  if (!answer.ok || answer.value === undefined) return undefined;
  const parsed = await fetcher.parse(arxivRecord(answer.value));
  return parsed.ok ? parsed.value : undefined;
}

/**
 * arXiv (docs/providers.md#full-text-sources): the LaTeXML HTML page of the paper, then its
 * OAI-PMH record (`metadataPrefix=arXiv`) for the licence, on the search's lane and pace (one
 * request every 3 s). A 404, a page without a LaTeXML document, a page whose conversion failed
 * half-way or one without passages → "no open full text" ("not found" when the record says the id
 * does not exist). The licence comes from the record (an unknown URL is `unknown` with that URL),
 * else the page's licence line; both are reported when they disagree.
 */
export async function readArxiv(http: ProviderHttp, id: string, signal: AbortSignal): Promise<SourceRead & { openAccessUrl?: string }> {
  const fetcher = new SourceFetcher(http, 'arxiv', ARXIV_INTERVAL_MS, signal);
  const get = arxivHtmlRequest(id);
  const html = await fetcher.fetchDocument(get);
  if (!html.ok) return failedRead('arxiv', html.error);
  if (html.value === undefined) {
    const record = await recordOf(fetcher, id);
    if (record?.exists === false) return answeredRead('arxiv', 'not_found');
    const noHtml = answeredRead('arxiv', 'no_open_full_text', workOf(id, record));
    return record === undefined ? noHtml : { ...noHtml, openAccessUrl: arxivPdfUrl(id) };
  }
  const read = await fetcher.parse(readDocument(html.value, readLatexmlDocument, { provider: 'arxiv', url: get.url }, () => []));
  if (!read.ok) return failedRead('arxiv', read.error);
  const record = await recordOf(fetcher, id);
  const work = workOf(id, record);
  const { document, found } = read.value;
  if (!usable(found) || document.blocks.length === 0) return { ...answeredRead('arxiv', 'no_open_full_text', work), openAccessUrl: arxivPdfUrl(id) };
  const licence = chooseLicence([
    { from: 'arxiv_record', ...(record?.licenceUrl === undefined ? {} : { url: record.licenceUrl }) },
    { from: 'arxiv_page', label: found.licenceLine },
  ]);
  const source = { ...document.source, ...licence };
  return { attempt: { provider: 'arxiv', outcome: 'full_text' }, document: { ...document, source }, work, openAccessUrl: arxivPdfUrl(id) };
}

const usable = (reading: LatexmlReading): boolean => reading.found && !reading.failedConversion;

const workOf = (id: string, record: ArxivRecord | undefined) => ({ arxiv: id, ...(record?.doi === undefined ? {} : { doi: record.doi }) });
