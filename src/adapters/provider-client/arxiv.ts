import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ProviderRecord } from '../../ports/provider-client.port.js';
import { asObject, objectsOf, type JsonObject } from './json-fields.js';
import { singleRequestProtocol, stepFailed, stepOk, rowsFor, type ProviderGet, type ProviderQuery, type Step } from './provider-protocol.js';
import { buildRecord, cleanText, literalAuthor, recordsWithTitles, yearOfDateText } from './record-fields.js';

/** The arXiv query endpoint (SPEC §7.2); a constant, never configurable. */
export const ARXIV_QUERY_ENDPOINT = 'https://export.arxiv.org/api/query';

/** The arXiv search request: `all:<q>`, relevance order, Atom answer asked for (SPEC §7.2). */
export function buildArxivRequest({ query, limit }: ProviderQuery): ProviderGet {
  const url =
    `${ARXIV_QUERY_ENDPOINT}?search_query=all:${encodeURIComponent(query)}` +
    `&start=0&max_results=${rowsFor(limit)}&sortBy=relevance&sortOrder=descending`;
  return { url, headers: { accept: 'application/atom+xml' } };
}

/** Namespace prefixes removed, so `arxiv:doi` is read as `doi` (XML is read by local names). */
const atomParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'entry' || name === 'author',
});

/** arXiv's throttling answer, sent with HTTP 200 as plain text. */
const RATE_EXCEEDED = /^rate exceeded\.?$/iu;

/** `http://arxiv.org/abs/<id>v<version>` → `<id>` (old-style ids keep their archive part). */
const ABS_ID = /^https?:\/\/(?:export\.)?arxiv\.org\/abs\/(.+?)(?:v\d+)?$/u;

/**
 * Maps an arXiv Atom feed to records (SPEC §7.4): entry `title`, `doi`, year of `published`,
 * `journal_ref` as the venue (present → `article`, absent → `preprint`), `author/name`, the abs URL
 * `https://arxiv.org/abs/<id>` and the id without version. The plain `Rate exceeded.` answer →
 * `rate_limited`; malformed XML, a document type declaration, a non-feed document or arXiv's
 * error feed → `decode_error`.
 */
export function parseArxivResponse(body: string): Step<readonly ProviderRecord[]> {
  if (RATE_EXCEEDED.test(body.trim())) return stepFailed('rate_limited');
  if (/<!DOCTYPE/iu.test(body) || XMLValidator.validate(body) !== true) return stepFailed('decode_error');
  let document: unknown;
  try {
    document = atomParser.parse(body);
  } catch {
    return stepFailed('decode_error');
  }
  const feedNode = asObject(document)?.['feed'];
  if (feedNode === undefined) return stepFailed('decode_error');
  const entries = objectsOf(asObject(feedNode)?.['entry']);
  if (entries.some((entry) => textOf(entry['id'])?.includes('arxiv.org/api/errors'))) return stepFailed('decode_error');
  return stepOk(recordsWithTitles(entries.map(arxivRecord)));
}

function arxivRecord(entry: JsonObject): ProviderRecord | undefined {
  const id = ABS_ID.exec(textOf(entry['id'])?.trim() ?? '')?.[1];
  const journalRef = cleanText(textOf(entry['journal_ref']));
  return buildRecord({
    title: textOf(entry['title']),
    doi: textOf(entry['doi']),
    year: yearOfDateText(textOf(entry['published'])),
    venue: journalRef,
    authors: objectsOf(entry['author']).map((author) => literalAuthor(textOf(author['name']))),
    url: id === undefined ? undefined : `https://arxiv.org/abs/${id}`,
    identifiers: { arxiv: id },
    record_type: journalRef === undefined ? 'preprint' : 'article',
  });
}

/** The text of an element read with `ignoreAttributes`: a string, or `#text` of a mixed node. */
function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  const text = asObject(node)?.['#text'];
  return typeof text === 'string' ? text : undefined;
}

/** arXiv: one GET per search, at most one request start every 3 seconds. */
export const arxivProtocol = singleRequestProtocol(buildArxivRequest, parseArxivResponse, () => 3000);
