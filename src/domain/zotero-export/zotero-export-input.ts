import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { boundedString } from '../shared/string-checks.js';
import { UNSUPPORTED_ARGUMENT, withStepwiseChecks } from '../shared/parse-arguments.js';
import type { Result } from '../shared/result.js';
import { checkRecordsStepwise } from './record-list-checks.js';
import type { Stepwise } from '../shared/stepwise.js';
import { ARGUMENT_BOUND_PRECEDENCE, BULK_ARGUMENT_BOUNDS, withArgumentBounds } from '../shared/json-bounds.js';
import { ZOTERO_IMPORT_FILES } from '../zotero-status/zotero-status.js';
import { foldToOneLine } from './one-line-text.js';
import { authorList, openObject } from './zotero-record-checks.js';
import { DELIVERY_MESSAGES, deliveryArguments } from '../shared/file-delivery.js';
import { RECORD_TYPES } from '../shared/literature-record.js';

/** One of the four import file names. */
export type ZoteroImportFile = (typeof ZOTERO_IMPORT_FILES)[number];

/** Bounds of one exported record (docs/tools.md#10-qiongli_zotero_export_import_files). */
const ZOTERO_RECORD_LIMITS = {
  records: 1000,
  titleBytes: 16 * 1024,
  doiBytes: 2 * 1024,
  providerBytes: 128,
  providers: 16,
} as const;

/** Static messages of the Zotero export checks, in the order they are reported. */
export const ZOTERO_EXPORT_MESSAGES = {
  records: 'records must be a list of records',
  recordsTooMany: 'records must hold at most 1000 records',
  record: 'each record must be an object',
  titleMissing: 'Missing record title',
  titleType: 'record title must be a string',
  titleBlank: 'record title must not be empty',
  titleTooLong: 'record title exceeds the byte limit',
  doiType: 'record doi must be a string',
  doiTooLong: 'record doi exceeds the byte limit',
  providerType: 'record provider must be a string',
  providerTooLong: 'record provider exceeds the byte limit',
  providers: 'record providers must be a list of strings',
  providersTooMany: 'record providers must hold at most 16 providers',
  year: 'record year must be an integer',
  venue: 'record venue must be a string',
  url: 'record url must be a string',
  authors: 'record authors must be a list of {family, given} or {literal} names',
  identifiers: 'record identifiers must be an object of strings',
  recordType: 'record_type must be article, preprint, conference_paper, book_chapter, book, thesis, dataset, review or other',
  formats: 'formats must be a list of import file names',
  formatUnsupported: 'unsupported import file format',
  formatRepeated: 'formats must not repeat a file name',
} as const;

const m = ZOTERO_EXPORT_MESSAGES;

/**
 * Order in which failing checks' messages win: the whole-argument bounds, an unknown argument,
 * then the record checks and the format checks in the order of {@link ZOTERO_EXPORT_MESSAGES}.
 */
export const zoteroExportMessagePrecedence: readonly string[] = [
  ...ARGUMENT_BOUND_PRECEDENCE,
  UNSUPPORTED_ARGUMENT,
  ...Object.values(ZOTERO_EXPORT_MESSAGES),
  DELIVERY_MESSAGES.delivery,
  DELIVERY_MESSAGES.cursorType,
  DELIVERY_MESSAGES.cursorTooLong,
];

const providerId = (typeMessage: string) =>
  boundedString({ max: ZOTERO_RECORD_LIMITS.providerBytes, unit: 'bytes', nonBlank: false }, { type: typeMessage, tooLong: m.providerTooLong });

const authorText = () => z.string({ error: m.authors });

/** An author as `{family, given?}` or `{literal}` (docs/providers.md#the-literature-record); other keys are ignored. */
export const exportAuthorInput = schemaOnFirstUse(() =>
  z.union(
    [
      z.looseObject({ family: authorText(), given: authorText().optional() }, { error: m.authors }),
      z.looseObject({ literal: authorText() }, { error: m.authors }),
    ],
    { error: m.authors },
  ),
);

/** One validated author. */
export type ExportAuthorInput = z.output<ReturnType<typeof exportAuthorInput>>;

const identifierText = () => z.string({ error: m.identifiers }).optional();

/**
 * The fields of one record to export, for {@link zoteroRecordInput} and for the records of
 * Zotero delivery (which reads a few more). Built afresh at each call.
 */
export const zoteroRecordFields = () => ({
  title: boundedString(
    { max: ZOTERO_RECORD_LIMITS.titleBytes, unit: 'bytes', nonBlank: true },
    { missing: m.titleMissing, type: m.titleType, blank: m.titleBlank, tooLong: m.titleTooLong },
  ).refine((title) => foldToOneLine(title) !== '', { error: m.titleBlank }),
  doi: boundedString({ max: ZOTERO_RECORD_LIMITS.doiBytes, unit: 'bytes', nonBlank: false }, { type: m.doiType, tooLong: m.doiTooLong }).optional(),
  provider: providerId(m.providerType).optional(),
  providers: z.array(providerId(m.providers), { error: m.providers }).max(ZOTERO_RECORD_LIMITS.providers, { error: m.providersTooMany }).optional(),
  year: z.number({ error: m.year }).int({ error: m.year }).optional(),
  venue: z.string({ error: m.venue }).optional(),
  authors: authorList(m.authors).optional(),
  url: z.string({ error: m.url }).optional(),
  identifiers: openObject(
    { arxiv: identifierText(), pmid: identifierText(), openalex: identifierText(), semantic_scholar: identifierText() },
    m.identifiers,
  ).optional(),
  record_type: z
    .enum(RECORD_TYPES, { error: m.recordType })
    .optional()
    .describe('What kind of work it is; each file types the entry from it (absent: a journal article).'),
  abstract: z.unknown().optional().describe('The abstract (a string); exported as CSL-JSON abstract, RIS AB and BibTeX abstract.'),
  retracted: z.unknown().optional().describe('true when the work is retracted; exported as a "Retracted" note in every file.'),
});

/**
 * One record to export: the literature-record shape of docs/providers.md#the-literature-record, read leniently. Only `title`
 * is required; `provider`/`providers` may be any short strings. `abstract` is exported when it
 * is a string and `retracted` flags the record when it is `true`; any other value of either is
 * ignored, as before they were exported (records from elsewhere may carry `abstract: null`).
 * Keys this exporter does not use (for example `native_url` from a merged native search result)
 * are accepted and ignored, at every level of the record; they still count towards the
 * whole-argument bounds.
 */
const zoteroRecordInput = schemaOnFirstUse(() => openObject(zoteroRecordFields(), m.record));

/** One validated record to export. */
export type ZoteroRecordInput = z.output<ReturnType<typeof zoteroRecordInput>>;

const formatsInput = () =>
  z
    .array(z.enum(ZOTERO_IMPORT_FILES, { error: m.formatUnsupported }), { error: m.formats })
    .refine((formats) => new Set(formats).size === formats.length, { error: m.formatRepeated })
    .optional()
    .describe('Which files to build; absent or empty means all four.');

const argumentsShape = <R extends z.ZodType>(records: R) =>
  z.strictObject(
    {
      records: z
        .array(records, { error: m.records })
        .max(ZOTERO_RECORD_LIMITS.records, { error: m.recordsTooMany })
        .default([])
        .describe('Literature records to export, as qiongli_literature_search returns them (at most 1000).'),
      formats: formatsInput(),
      ...deliveryArguments(),
    },
    { error: UNSUPPORTED_ARGUMENT },
  );

/** The arguments with each record left unchecked: the stepwise checks below check records one by one. */
const argumentsAround = schemaOnFirstUse(() => argumentsShape(z.unknown()));

/** The full checks, whose JSON Schema clients see. */
const fullArguments = schemaOnFirstUse(() => withArgumentBounds(argumentsShape(zoteroRecordInput()), BULK_ARGUMENT_BOUNDS));

/**
 * The checks of {@link zoteroExportInput}, stepwise (see {@link checkRecordsStepwise}): every
 * record message ranks after `records must hold at most 1000 records`, so records past that are
 * not checked.
 */
const checkZoteroArguments = (args: unknown): Stepwise<Result<z.output<ReturnType<typeof fullArguments>>, readonly string[]>> =>
  checkRecordsStepwise(argumentsAround(), zoteroRecordInput(), ZOTERO_RECORD_LIMITS.records, args);

/**
 * Arguments of `qiongli_zotero_export_import_files` (docs/tools.md#10-qiongli_zotero_export_import_files): `records` (at most 1000,
 * default none) and `formats` (a unique subset of the four file names; absent or empty = all).
 * The whole argument object must stay within {@link BULK_ARGUMENT_BOUNDS}. Checked stepwise
 * by the MCP layer (same results; a test keeps them equal).
 */
export const zoteroExportInput = schemaOnFirstUse(() => withStepwiseChecks(fullArguments(), checkZoteroArguments));

/** Validated arguments of the Zotero export. */
export type ZoteroExportArguments = z.output<ReturnType<typeof zoteroExportInput>>;
