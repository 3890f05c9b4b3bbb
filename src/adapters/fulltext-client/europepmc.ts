import type { WorkReference } from '../../ports/fulltext-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { isOpenAccessUrl } from '../../domain/literature-search/clean-provider-record.js';
import { asArray, asObject, asString, type JsonObject } from '../provider-http/json-fields.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { readJson } from '../provider-http/json-reader.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { doiOf } from './jats-metadata.js';

/** The Europe PMC REST base (docs/providers.md#full-text-sources); a constant, never configurable. */
const EUROPEPMC_REST = 'https://www.ebi.ac.uk/europepmc/webservices/rest';

/** Gap between two request starts to Europe PMC: five a second, half the ten a second it allows. */
export const EUROPEPMC_INTERVAL_MS = 200;

/** Results asked for per lookup: a DOI can also match a preprint version or a correction. */
const PAGE_SIZE = 10;

/** A PMCID as Europe PMC and PubMed Central write it. */
const PMCID = /^PMC[1-9]\d{0,11}$/u;

/** The `query` of a lookup: `DOI:"<doi>"`, `EXT_ID:<pmid> AND SRC:MED` or `PMCID:<PMCID>`. */
function lookupQuery(work: Exclude<WorkReference, { kind: 'arxiv' }>): string {
  if (work.kind === 'doi') return `DOI:"${work.doi}"`;
  return work.kind === 'pmid' ? `EXT_ID:${work.pmid} AND SRC:MED` : `PMCID:${work.pmcid}`;
}

/** The `search` request that resolves a work (`resultType=core`, JSON); only the query value varies, percent-encoded. */
export function europePmcSearchRequest(work: Exclude<WorkReference, { kind: 'arxiv' }>): ProviderGet {
  const url = `${EUROPEPMC_REST}/search?query=${encodeURIComponent(lookupQuery(work))}&resultType=core&format=json&pageSize=${PAGE_SIZE}`;
  return { url, headers: { accept: 'application/json' } };
}

/** The `fullTextXML` request of a PMCID already checked against {@link PMCID} (404: no full text). */
export const europePmcFullTextRequest = (pmcid: string): ProviderGet => ({
  url: `${EUROPEPMC_REST}/${pmcid}/fullTextXML`,
  headers: { accept: 'application/xml' },
  notFoundIsEmpty: true,
});

/** What Europe PMC says about the work. */
export interface EuropePmcRecord {
  readonly pmcid?: string;
  readonly pmid?: string;
  readonly doi?: string;
  /** `isOpenAccess` or `inEPMC` is `Y`: Europe PMC may hold its full text. */
  readonly fullTextExpected: boolean;
  /** Europe PMC's `license` (`cc by`), when it gives one. */
  readonly licence?: string;
  /** The first open (`OA`) or free (`F`) `https:` link of `fullTextUrlList`. */
  readonly openAccessUrl?: string;
}

const RESULT = objectOf({
  source: scalar,
  pmid: scalar,
  pmcid: scalar,
  doi: scalar,
  isOpenAccess: scalar,
  inEPMC: scalar,
  license: scalar,
  fullTextUrlList: objectOf({ fullTextUrl: listOf(objectOf({ availabilityCode: scalar, url: scalar }), { max: 32 }) }),
});
const ANSWER = objectOf({ resultList: objectOf({ result: listOf(RESULT, { max: PAGE_SIZE }) }) });

/** Whether a result is the work asked for (the query may match more than one record). */
function matches(result: JsonObject, work: Exclude<WorkReference, { kind: 'arxiv' }>): boolean {
  if (work.kind === 'doi') return asString(result['doi'])?.toLowerCase() === work.doi;
  if (work.kind === 'pmid') return asString(result['pmid']) === work.pmid;
  return asString(result['pmcid']) === work.pmcid;
}

function openAccessUrlOf(result: JsonObject): string | undefined {
  const links = asArray(asObject(result['fullTextUrlList'])?.['fullTextUrl']) ?? [];
  for (const link of links.map(asObject)) {
    const code = asString(link?.['availabilityCode']);
    const url = asString(link?.['url']);
    if ((code === 'OA' || code === 'F') && url !== undefined && url.length <= 2048 && isOpenAccessUrl(url)) return url;
  }
  return undefined;
}

/**
 * The record of a Europe PMC `search` answer that is the work asked for (its DOI, PMID or PMCID
 * equal to the one asked), stepwise; `undefined` when none is. A PMCID or PMID that is not in
 * its canonical form is dropped (nothing from the answer can reshape a later URL). Anything but
 * a search answer → throws (the caller reports `decode_error`).
 */
export function* europePmcRecord(body: string, work: Exclude<WorkReference, { kind: 'arxiv' }>): Stepwise<EuropePmcRecord | undefined> {
  const answer = asObject(yield* readJson(body, ANSWER));
  const results = asArray(asObject(answer?.['resultList'])?.['result']);
  if (results === undefined) throw new TypeError('not a Europe PMC search answer');
  const result = results.map(asObject).find((candidate) => candidate !== undefined && matches(candidate, work));
  if (result === undefined) return undefined;
  const pmcid = asString(result['pmcid']);
  const pmid = asString(result['pmid']);
  const doi = doiOf(asString(result['doi']));
  const licence = asString(result['license'])?.trim();
  const openAccessUrl = openAccessUrlOf(result);
  return {
    ...(pmcid !== undefined && PMCID.test(pmcid) ? { pmcid } : {}),
    ...(pmid !== undefined && /^[1-9]\d{0,11}$/u.test(pmid) ? { pmid } : {}),
    ...(doi === undefined ? {} : { doi }),
    fullTextExpected: result['isOpenAccess'] === 'Y' || result['inEPMC'] === 'Y',
    ...(licence !== undefined && licence !== '' && licence.length <= 64 ? { licence } : {}),
    ...(openAccessUrl === undefined ? {} : { openAccessUrl }),
  };
}
