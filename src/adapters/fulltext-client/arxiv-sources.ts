import type { Stepwise } from '../../domain/shared/stepwise.js';
import { intervalFor } from '../provider-http/tier-pacing.js';
import { readXml, type XmlEvents } from '../provider-http/xml-reader.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { doiOf, licenceUrlOf } from './jats-metadata.js';

/** arXiv's HTML papers (docs/providers.md#full-text-sources); a constant, never configurable. */
const ARXIV_HTML_BASE = 'https://arxiv.org/html/';
/** arXiv's OAI-PMH interface (since 2025); a constant, never configurable. */
const ARXIV_OAI_ENDPOINT = 'https://oaipmh.arxiv.org/oai';
/** arXiv asks every client of its APIs for at most one request every three seconds: the search's lane. */
export const ARXIV_INTERVAL_MS = intervalFor('arxiv', undefined);

/** The HTML page of an arXiv id (checked by the domain: no `/` but an old-style archive's, no `?`, `#` or `..`); 404: the paper has no HTML. */
export const arxivHtmlRequest = (id: string): ProviderGet => ({ url: `${ARXIV_HTML_BASE}${id}`, headers: { accept: 'text/html' }, notFoundIsEmpty: true });

/** The OAI-PMH record of an arXiv id in arXiv's own metadata format (it carries the licence); the version is not part of the identifier. */
export function arxivRecordRequest(id: string): ProviderGet {
  const identifier = encodeURIComponent(`oai:arXiv.org:${id.replace(/v\d+$/u, '')}`);
  return { url: `${ARXIV_OAI_ENDPOINT}?verb=GetRecord&identifier=${identifier}&metadataPrefix=arXiv`, headers: { accept: 'application/xml' } };
}

/** What arXiv's record says: whether the id exists, its licence URL and DOI. */
export interface ArxivRecord {
  readonly exists: boolean;
  readonly licenceUrl?: string;
  readonly doi?: string;
}

/** Most characters of the licence or DOI text kept: past 2,048 (plus room for surrounding spaces) either is refused. */
const MAX_FIELD_CHARS = 4096;

/** The fields of an OAI-PMH `GetRecord` answer in the `arXiv` format that a read uses. */
class RecordEvents implements XmlEvents {
  readonly attributes: ReadonlySet<string> = new Set(['code']);
  exists = false;
  licence = '';
  doi = '';
  private field: 'license' | 'doi' | undefined;
  private depthInArxiv = 0;

  open(name: string, attributes?: ReadonlyMap<string, string>): void {
    if (name === 'error' && attributes?.get('code') === 'idDoesNotExist') this.exists = false;
    if (name === 'arXiv') this.exists = true;
    if (this.exists && this.depthInArxiv++ === 1 && (name === 'license' || name === 'doi')) this.field = name;
  }

  text(text: string): void {
    // A licence URL or a DOI longer than 2,048 characters is refused; the rest of a longer one is not kept.
    if (this.field === 'license' && this.licence.length <= MAX_FIELD_CHARS) this.licence += text.slice(0, MAX_FIELD_CHARS);
    if (this.field === 'doi' && this.doi.length <= MAX_FIELD_CHARS) this.doi += text.slice(0, MAX_FIELD_CHARS);
  }

  close(): void {
    this.field = undefined;
    if (this.depthInArxiv > 0) this.depthInArxiv--;
  }
}

/**
 * Reads an OAI-PMH `GetRecord` answer (`metadataPrefix=arXiv`), stepwise: the record exists when
 * it holds an `arXiv` element; its `license` (a URL, absent for papers under arXiv's default
 * licence of their time) and `doi`. `idDoesNotExist` → not existing. Malformed XML throws.
 */
export function* arxivRecord(body: string): Stepwise<ArxivRecord> {
  const events = new RecordEvents();
  yield* readXml(body, events);
  const licenceUrl = licenceUrlOf(events.licence);
  const doi = doiOf(events.doi);
  return {
    exists: events.exists,
    ...(licenceUrl === undefined ? {} : { licenceUrl }),
    ...(doi === undefined ? {} : { doi }),
  };
}
