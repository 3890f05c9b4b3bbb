import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';
import { PROVIDER_CATALOGUE } from '../shared/provider-catalogue.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import { toExportRecordStepwise, type ExportRecord } from '../zotero-export/export-record.js';
import { cslName } from '../zotero-export/csl-json.js';
import { EXPORT_TYPES } from '../zotero-export/export-types.js';
import { foldedOrAbsent } from '../zotero-export/one-line-text.js';
import type { ZoteroSaveRecord } from './zotero-save-input.js';

/** A record ready for Zotero: the export's record plus what only delivery carries. */
export interface DeliveryRecord extends ExportRecord {
  readonly pmcid?: string;
  readonly openAccessUrl?: string;
  /** The display name of the provider that returned it, when it is one of Qiongli's. */
  readonly catalogue?: string;
}

const PMC_URL = /^https:\/\/(?:pmc\.ncbi\.nlm\.nih\.gov|www\.ncbi\.nlm\.nih\.gov\/pmc)\/articles\/(PMC[0-9]+)\/?$/i;

/** Prepares one record: folded values, the PMCID (given, or read from a PubMed Central open-access link). */
export function* toDeliveryRecordStepwise(record: ZoteroSaveRecord): Stepwise<DeliveryRecord> {
  const base = yield* toExportRecordStepwise(record);
  const openAccessUrl =
    typeof record.open_access_url === 'string' && /^https:\/\//i.test(record.open_access_url) ? foldedOrAbsent(record.open_access_url) : undefined;
  const pmcid = foldedOrAbsent(record.identifiers?.pmcid) ?? (openAccessUrl === undefined ? undefined : PMC_URL.exec(openAccessUrl)?.[1]?.toUpperCase());
  const provider = record.provider;
  const catalogue =
    provider !== undefined && (PROVIDER_IDS as readonly string[]).includes(provider) ? PROVIDER_CATALOGUE[provider as ProviderId].displayName : undefined;
  return {
    ...base,
    ...(pmcid === undefined ? {} : { pmcid }),
    ...(openAccessUrl === undefined ? {} : { openAccessUrl }),
    ...(catalogue === undefined ? {} : { catalogue }),
  };
}

/** {@link toDeliveryRecordStepwise} at once (tests). */
export const toDeliveryRecord = (record: ZoteroSaveRecord): DeliveryRecord => finishNow(toDeliveryRecordStepwise(record));

/**
 * Zotero types whose DOI field exists in Zotero 7 as well as later (schema.json): their DOI is
 * the CSL `DOI` variable. Other types get a `DOI: …` line in Extra, which a Zotero whose type
 * has the field moves into it on import, and Zotero 7 keeps in Extra (where it reads DOIs too).
 */
const DOI_FIELD_TYPES = new Set(['article', 'review', 'preprint', 'conference_paper', 'dataset']);

/** The Extra line that flags a retracted record (the same word as the import files' note). */
const RETRACTED_LINE = 'Retracted';

/**
 * One record as the CSL-JSON item Zotero's CSL JSON import translator reads (docs/zotero.md#what-is-sent).
 * `type` per `EXPORT_TYPES` (`article` is Zotero's Preprint); title, authors in order, year,
 * venue (`container-title`, or `publisher` where Zotero has no publication title), DOI, URL,
 * abstract, the arXiv id as a preprint's `number` (archive ID) with `publisher: "arXiv"`, the
 * catalogue as `source`; the rest as `Key: value` lines of `note` (Zotero: Extra), where Zotero
 * moves each into a field the item's type has: `DOI`, `PMID`, `PMCID`, `arXiv`, `Open access`,
 * and `Retracted`.
 */
export function deliveryItem(record: DeliveryRecord): Record<string, unknown> {
  const exportType = EXPORT_TYPES[record.type];
  const arxivPreprint = record.type === 'preprint' && record.arxivId !== undefined;
  const venueField = record.type === 'preprint' ? 'publisher' : exportType.cslVenue;
  const url = record.url ?? record.openAccessUrl;
  const extra = [
    ...(record.doi !== undefined && !DOI_FIELD_TYPES.has(record.type) ? [`DOI: ${record.doi}`] : []),
    ...(record.pmid !== undefined ? [`PMID: ${record.pmid}`] : []),
    ...(record.pmcid !== undefined ? [`PMCID: ${record.pmcid}`] : []),
    ...(record.arxivId !== undefined && !arxivPreprint ? [`arXiv: ${record.arxivId}`] : []),
    ...(record.openAccessUrl !== undefined && record.openAccessUrl !== url ? [`Open access: ${record.openAccessUrl}`] : []),
    ...(record.retracted === true ? [RETRACTED_LINE] : []),
  ];
  return {
    type: exportType.csl,
    title: record.title,
    ...(record.authors.length > 0 ? { author: record.authors.map(cslName) } : {}),
    ...(record.year !== undefined ? { issued: { 'date-parts': [[record.year]] } } : {}),
    ...(arxivPreprint ? { publisher: 'arXiv', number: `arXiv:${record.arxivId}` } : record.venue !== undefined ? { [venueField]: record.venue } : {}),
    ...(record.doi !== undefined && DOI_FIELD_TYPES.has(record.type) ? { DOI: record.doi } : {}),
    ...(url !== undefined ? { URL: url } : {}),
    ...(record.abstract !== undefined ? { abstract: record.abstract } : {}),
    ...(record.catalogue !== undefined ? { source: record.catalogue } : {}),
    ...(extra.length > 0 ? { note: extra.join('\n') } : {}),
  };
}
