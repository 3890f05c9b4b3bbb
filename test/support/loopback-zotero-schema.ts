// Longer than 200 lines: it is tables. The parts of Zotero's schema (zotero/zotero-schema,
// schema.json) and of its CSL JSON import translator (zotero/translators, "CSL JSON.js") that
// decide which Zotero item a CSL-JSON item becomes: written out from the sources (schema 32 ≈
// Zotero 7, schema 41 ≈ Zotero 9), limited to the types and variables a record can produce.

/** Which schema the loopback Zotero follows: Zotero 7's (schema 32) or the newest (schema 41). */
export type ZoteroSchema = 'zotero7' | 'zotero9';

/** CSL JSON.js detectImport: an item whose `type` is not one of these makes the translator decline the text. */
export const CSL_DETECT_TYPES = new Set([
  'article',
  'article-journal',
  'article-magazine',
  'article-newspaper',
  'bill',
  'book',
  'broadcast',
  'chapter',
  'classic',
  'collection',
  'dataset',
  'document',
  'entry',
  'entry-dictionary',
  'entry-encyclopedia',
  'event',
  'figure',
  'graphic',
  'hearing',
  'interview',
  'legal_case',
  'legislation',
  'manuscript',
  'map',
  'motion_picture',
  'musical_score',
  'pamphlet',
  'paper-conference',
  'patent',
  'performance',
  'personal_communication',
  'periodical',
  'post',
  'post-weblog',
  'regulation',
  'report',
  'review',
  'review-book',
  'song',
  'speech',
  'standard',
  'thesis',
  'treaty',
  'webpage',
]);

/**
 * schema.json `csl.types`, reversed as utilities_item.js reads it: the first Zotero type listed
 * for a CSL type wins; a CSL type not listed (`review`, `classic`, …) becomes `document`.
 */
export const CSL_TYPE_TO_ZOTERO: Readonly<Record<string, string>> = {
  article: 'preprint',
  'article-journal': 'journalArticle',
  'article-magazine': 'magazineArticle',
  'article-newspaper': 'newspaperArticle',
  bill: 'bill',
  book: 'book',
  broadcast: 'podcast',
  chapter: 'bookSection',
  dataset: 'dataset',
  document: 'document',
  'entry-dictionary': 'dictionaryEntry',
  'entry-encyclopedia': 'encyclopediaArticle',
  graphic: 'artwork',
  hearing: 'hearing',
  interview: 'interview',
  legal_case: 'case',
  legislation: 'statute',
  manuscript: 'manuscript',
  map: 'map',
  motion_picture: 'film',
  'paper-conference': 'conferencePaper',
  patent: 'patent',
  personal_communication: 'letter',
  post: 'forumPost',
  'post-weblog': 'blogPost',
  report: 'report',
  software: 'computerProgram',
  song: 'audioRecording',
  speech: 'presentation',
  standard: 'standard',
  thesis: 'thesis',
  webpage: 'webpage',
};

/**
 * schema.json `csl.fields.text`, in the schema's order, for the variables a record can carry:
 * a variable goes to the first listed field valid for the item type (base fields resolved).
 * `PMID` and `PMCID` exist only in the newest schema.
 */
export const CSL_TEXT_FIELDS = (schema: ZoteroSchema): ReadonlyArray<readonly [string, readonly string[]]> => [
  ['abstract', ['abstractNote']],
  ['collection-title', ['seriesTitle', 'series']],
  ['container-title', ['publicationTitle', 'reporter', 'code']],
  ['DOI', ['DOI']],
  ['genre', ['type', 'programmingLanguage']],
  ['ISBN', ['ISBN']],
  ['ISSN', ['ISSN']],
  ['issue', ['issue', 'priorityNumbers']],
  ['language', ['language']],
  ['note', ['extra']],
  ['number', ['number']],
  ['page', ['pages']],
  ...(schema === 'zotero9'
    ? ([
        ['PMID', ['PMID']],
        ['PMCID', ['PMCID']],
      ] as const)
    : []),
  ['publisher', ['publisher']],
  ['publisher-place', ['place']],
  ['source', ['libraryCatalog']],
  ['title', ['title']],
  ['URL', ['url']],
  ['version', ['versionNumber']],
  ['volume', ['volume', 'codeNumber']],
];

const COMMON7 = ['url', 'accessDate', 'archive', 'archiveLocation', 'libraryCatalog', 'callNumber', 'rights', 'extra', 'shortTitle', 'language'];
const COMMON9 = [...COMMON7, 'citationKey', 'DOI'];

/** The fields (type-specific names) of the item types a record can become, per schema. */
const FIELDS: Readonly<Record<ZoteroSchema, Readonly<Record<string, readonly string[]>>>> = {
  zotero7: {
    journalArticle: [
      'title',
      'abstractNote',
      'publicationTitle',
      'volume',
      'issue',
      'pages',
      'date',
      'series',
      'seriesTitle',
      'seriesText',
      'journalAbbreviation',
      'DOI',
      'ISSN',
      ...COMMON7,
    ],
    preprint: ['title', 'abstractNote', 'genre', 'repository', 'archiveID', 'place', 'date', 'series', 'seriesNumber', 'DOI', 'citationKey', ...COMMON7],
    conferencePaper: [
      'title',
      'abstractNote',
      'date',
      'proceedingsTitle',
      'conferenceName',
      'place',
      'publisher',
      'volume',
      'pages',
      'series',
      'DOI',
      'ISBN',
      ...COMMON7,
    ],
    bookSection: [
      'title',
      'abstractNote',
      'bookTitle',
      'series',
      'seriesNumber',
      'volume',
      'numberOfVolumes',
      'edition',
      'place',
      'publisher',
      'date',
      'pages',
      'ISBN',
      ...COMMON7,
    ],
    book: [
      'title',
      'abstractNote',
      'series',
      'seriesNumber',
      'volume',
      'numberOfVolumes',
      'edition',
      'place',
      'publisher',
      'date',
      'numPages',
      'ISBN',
      ...COMMON7,
    ],
    thesis: ['title', 'abstractNote', 'thesisType', 'university', 'place', 'date', 'numPages', ...COMMON7],
    dataset: [
      'title',
      'abstractNote',
      'identifier',
      'type',
      'versionNumber',
      'date',
      'repository',
      'repositoryLocation',
      'format',
      'DOI',
      'citationKey',
      ...COMMON7,
    ],
    document: ['title', 'abstractNote', 'publisher', 'date', ...COMMON7],
  },
  zotero9: {
    journalArticle: [
      'title',
      'abstractNote',
      'publicationTitle',
      'publisher',
      'place',
      'date',
      'volume',
      'issue',
      'section',
      'pages',
      'series',
      'seriesTitle',
      'journalAbbreviation',
      'PMID',
      'PMCID',
      'ISSN',
      ...COMMON9,
    ],
    preprint: ['title', 'abstractNote', 'genre', 'repository', 'archiveID', 'place', 'date', 'series', 'seriesNumber', ...COMMON9],
    conferencePaper: [
      'title',
      'abstractNote',
      'proceedingsTitle',
      'conferenceName',
      'publisher',
      'place',
      'date',
      'volume',
      'issue',
      'pages',
      'series',
      'ISBN',
      'ISSN',
      ...COMMON9,
    ],
    bookSection: [
      'title',
      'abstractNote',
      'bookTitle',
      'series',
      'seriesNumber',
      'volume',
      'edition',
      'date',
      'publisher',
      'place',
      'format',
      'pages',
      'ISBN',
      'ISSN',
      ...COMMON9,
    ],
    book: [
      'title',
      'abstractNote',
      'series',
      'seriesNumber',
      'volume',
      'edition',
      'date',
      'publisher',
      'place',
      'format',
      'numPages',
      'ISBN',
      'ISSN',
      ...COMMON9,
    ],
    thesis: ['title', 'abstractNote', 'thesisType', 'university', 'place', 'date', 'series', 'seriesNumber', 'numPages', 'ISBN', 'ISSN', ...COMMON9],
    dataset: ['title', 'abstractNote', 'identifier', 'type', 'versionNumber', 'date', 'repository', 'repositoryLocation', 'format', ...COMMON9],
    document: ['title', 'abstractNote', 'type', 'date', 'publisher', 'place', ...COMMON9],
  },
};

/** Base field → the type-specific field that stands for it (schema.json `baseField`). */
const BASE_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  preprint: { type: 'genre', publisher: 'repository', number: 'archiveID' },
  dataset: { number: 'identifier', publisher: 'repository', place: 'repositoryLocation', medium: 'format' },
  thesis: { type: 'thesisType', publisher: 'university' },
  conferencePaper: { publicationTitle: 'proceedingsTitle' },
  bookSection: { publicationTitle: 'bookTitle', medium: 'format' },
  book: { medium: 'format' },
};

/** The field a (base) field name stands for in an item type, when the type has it. */
export function fieldForType(schema: ZoteroSchema, itemType: string, field: string): string | undefined {
  const specific = BASE_FIELDS[itemType]?.[field] ?? field;
  const fields = FIELDS[schema][itemType] ?? ['title', 'abstractNote', 'date', ...COMMON7];
  return fields.includes(specific) ? specific : undefined;
}

/** utilities_internal.js `_normalizeExtraKey`: `fooBar` → `foo-bar`, lower case, spaces to hyphens. */
export const normalizeExtraKey = (key: string): string =>
  key
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[\s\-_]/g, '-');

/** Extra keys (normalised) that name a field: Zotero's field names and the CSL variables above. */
export function extraKeyFields(schema: ZoteroSchema): ReadonlyMap<string, readonly string[]> {
  const keys = new Map<string, string[]>();
  for (const fields of Object.values(FIELDS[schema])) for (const field of fields) keys.set(normalizeExtraKey(field), [field]);
  for (const [variable, fields] of CSL_TEXT_FIELDS(schema)) {
    const key = normalizeExtraKey(variable);
    keys.set(key, [...new Set([...(keys.get(key) ?? []), ...fields])]);
  }
  return keys;
}
