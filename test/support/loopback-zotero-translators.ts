// What Zotero's import translators make of a posted text, as the loopback Zotero needs it: the
// CSL JSON translator (zotero/translators "CSL JSON.js" with utilities_item.js
// itemFromCSLJSON), the RIS translator's type map and common tags (zotero/translators RIS.js),
// and the Extra migration Zotero's item saver runs (item.js fromJSON → extractExtraFields).
import {
  CSL_DETECT_TYPES,
  CSL_TEXT_FIELDS,
  CSL_TYPE_TO_ZOTERO,
  extraKeyFields,
  fieldForType,
  normalizeExtraKey,
  type ZoteroSchema,
} from './loopback-zotero-schema.js';

/** A creator as Zotero stores it. */
export interface ImportedCreator {
  readonly creatorType: string;
  readonly lastName: string;
  readonly firstName?: string;
  /** 1: a single-field (organisation) name. */
  readonly fieldMode?: 1;
}

/** One item an import translator produced, before it is saved. */
export interface ImportedItem {
  itemType: string;
  fields: Record<string, string>;
  creators: ImportedCreator[];
  tags: string[];
  /** Child notes (HTML), as RIS `N1` makes them. */
  notes: string[];
}

/** Which translator read the text (Zotero picks the first whose detectImport accepts it). */
export type TranslatorName = 'CSL JSON' | 'RIS';

/**
 * The import translator Zotero would pick for `data` and the items it makes, or `undefined`
 * when none accepts it (the connector then answers 400). `data` is what the connector server
 * hands the import endpoint: the text for `text/plain` (or another non-JSON type), the parsed
 * object for `application/json` — which no translator reads.
 */
export function importWithTranslators(data: unknown, schema: ZoteroSchema): { translator: TranslatorName; items: ImportedItem[] } | undefined {
  if (typeof data !== 'string') return undefined;
  if (detectRis(data)) return { translator: 'RIS', items: importRis(data, schema) };
  const csl = detectCsl(data);
  if (csl !== undefined) return { translator: 'CSL JSON', items: csl.map((item) => importCslItem(item, schema)) };
  return undefined;
}

/** RIS.js detectImport: a `TY  - ` line among the first non-blank lines. */
function detectRis(text: string): boolean {
  let seen = 0;
  for (const raw of text.split(/\r\n|\n|\r/)) {
    const line = raw.replace(/^\s+/, '');
    if (line === '') continue;
    if (/^TY {1,2}- /.test(line.slice(0, 6))) return true;
    if (seen++ > 3) return false;
  }
  return false;
}

/** CSL JSON.js detectImport: JSON whose items (or item) are objects with a known CSL `type`. */
function detectCsl(text: string): Array<Record<string, unknown>> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object') return undefined;
  const items = Array.isArray(parsed) ? parsed : [parsed];
  for (const item of items) {
    if (item === null || typeof item !== 'object' || typeof item.type !== 'string' || !CSL_DETECT_TYPES.has(item.type)) return undefined;
  }
  return items as Array<Record<string, unknown>>;
}

/** itemFromCSLJSON, then the item saver's Extra migration. */
function importCslItem(csl: Record<string, unknown>, schema: ZoteroSchema): ImportedItem {
  const cslType = csl['type'] as string;
  const itemType = cslType === 'book' && csl['version'] !== undefined ? 'computerProgram' : (CSL_TYPE_TO_ZOTERO[cslType] ?? 'document');
  const item: ImportedItem = { itemType, fields: {}, creators: [], tags: [], notes: [] };
  for (const [variable, candidates] of CSL_TEXT_FIELDS(schema)) {
    if (!(variable in csl)) continue;
    for (const candidate of candidates) {
      const field = fieldForType(schema, itemType, candidate);
      if (field === undefined) continue;
      item.fields[field] = String(csl[variable]);
      break;
    }
  }
  for (const name of Array.isArray(csl['author']) ? (csl['author'] as Array<Record<string, string>>) : []) {
    if (name['family'] || name['given']) item.creators.push({ creatorType: 'author', lastName: name['family'] ?? '', firstName: name['given'] ?? '' });
    else if (name['literal']) item.creators.push({ creatorType: 'author', lastName: name['literal'], fieldMode: 1 });
  }
  const parts = (csl['issued'] as { 'date-parts'?: number[][] } | undefined)?.['date-parts']?.[0];
  if (parts?.[0] !== undefined && fieldForType(schema, itemType, 'date')) item.fields['date'] = parts.map(String).join('-');
  migrateExtra(item, schema);
  return item;
}

/**
 * fromJSON's Extra migration (extractExtraFields): a `Key: value` line whose key names a field
 * valid for the type, not already set, becomes that field; every other line stays in Extra.
 */
function migrateExtra(item: ImportedItem, schema: ZoteroSchema): void {
  const extra = item.fields['extra'];
  if (extra === undefined) return;
  const keys = extraKeyFields(schema);
  const setByJson = new Set(Object.keys(item.fields));
  const done = new Set<string>();
  const kept = extra.split('\n').filter((line) => {
    const parts = /^([a-z][a-z -_]+):(.+)/i.exec(line);
    if (!parts) return true;
    const key = normalizeExtraKey(parts[1]!);
    const value = parts[2]!.trim();
    if (value === '' || done.has(key) || key === 'type') return true;
    for (const candidate of keys.get(key) ?? []) {
      const field = fieldForType(schema, item.itemType, candidate);
      if (field === undefined || setByJson.has(field) || item.fields[field] !== undefined) return true;
      item.fields[field] = value;
      done.add(key);
      return false;
    }
    return true;
  });
  if (kept.length > 0) item.fields['extra'] = kept.join('\n');
  else delete item.fields['extra'];
}

/** RIS.js importTypeMap (with the export map folded in), for the types a record can have. */
const RIS_TYPES: Readonly<Record<string, string>> = {
  JOUR: 'journalArticle',
  GEN: 'journalArticle',
  EJOUR: 'journalArticle',
  CONF: 'conferencePaper',
  CPAPER: 'conferencePaper',
  CHAP: 'bookSection',
  ECHAP: 'bookSection',
  BOOK: 'book',
  EBOOK: 'book',
  THES: 'thesis',
  DATA: 'dataset',
  DBASE: 'dataset',
  RPRT: 'report',
  INPR: 'manuscript',
  UNPD: 'manuscript',
  ELEC: 'webpage',
};

/** RIS.js fieldMap/degenerateImportFieldMap for the tags a record's entry can hold. */
const RIS_FIELDS: Readonly<Record<string, string | Readonly<Record<string, string>>>> = {
  TI: 'title',
  T1: 'title',
  AB: 'abstractNote',
  N2: 'abstractNote',
  DO: 'DOI',
  UR: 'url',
  JF: 'publicationTitle',
  JO: { conferencePaper: 'conferenceName', '*': 'journalAbbreviation' },
  T2: { journalArticle: 'publicationTitle', conferencePaper: 'conferenceName', bookSection: 'bookTitle', book: 'series', '*': 'publicationTitle' },
  PB: { thesis: 'university', dataset: 'repository', '*': 'publisher' },
  M1: { journalArticle: 'issue', '*': 'extra' },
};

/** The RIS translator: `TY` through the type map (unknown → journal article), `N1` a child note, `KW` tags. */
function importRis(text: string, schema: ZoteroSchema): ImportedItem[] {
  const items: ImportedItem[] = [];
  let item: ImportedItem | undefined;
  for (const line of text.split(/\r\n|\n|\r/)) {
    const match = /^([A-Z][A-Z0-9]) {1,2}-(?: (.*))?$/.exec(line);
    if (!match) continue;
    const [, tag, value = ''] = match as unknown as [string, string, string | undefined];
    if (tag === 'TY') item = { itemType: RIS_TYPES[value.trim()] ?? 'journalArticle', fields: {}, creators: [], tags: [], notes: [] };
    if (item === undefined) continue;
    if (tag === 'ER') {
      items.push(item);
      item = undefined;
    } else if (tag === 'AU' || tag === 'A1') {
      const [last = '', ...rest] = value.split(/\s*,\s*/);
      const first = rest.join(', ');
      item.creators.push(first === '' ? { creatorType: 'author', lastName: last, fieldMode: 1 } : { creatorType: 'author', lastName: last, firstName: first });
    } else if (tag === 'PY' || tag === 'Y1' || tag === 'DA') item.fields['date'] ??= value.trim();
    else if (tag === 'N1') item.notes.push(`<p>${value}</p>`);
    else if (tag === 'KW') item.tags.push(value.trim());
    else applyRisField(item, RIS_FIELDS[tag], value.trim(), schema);
  }
  return items;
}

function applyRisField(item: ImportedItem, mapping: string | Readonly<Record<string, string>> | undefined, value: string, schema: ZoteroSchema): void {
  if (mapping === undefined || value === '') return;
  const name = typeof mapping === 'string' ? mapping : (mapping[item.itemType] ?? mapping['*']);
  if (name === undefined) return;
  if (name === 'extra') {
    item.fields['extra'] = item.fields['extra'] === undefined ? value : `${item.fields['extra']}\n${value}`;
    return;
  }
  const field = fieldForType(schema, item.itemType, name);
  if (field !== undefined) item.fields[field] ??= value;
  else if (name === 'DOI') item.fields['extra'] = `${item.fields['extra'] ? `${item.fields['extra']}\n` : ''}DOI: ${value}`;
}
