import * as z from 'zod';
import { RECORD_TYPES } from '../shared/literature-record.js';
import { ARGUMENT_BOUND_PRECEDENCE, BULK_ARGUMENT_BOUNDS, withArgumentBounds } from '../shared/json-bounds.js';
import { UNSUPPORTED_ARGUMENT, withStepwiseChecks } from '../shared/parse-arguments.js';
import type { Result } from '../shared/result.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import type { Stepwise } from '../shared/stepwise.js';
import { checkRecordsStepwise } from '../zotero-export/record-list-checks.js';
import { ZOTERO_EXPORT_MESSAGES, zoteroRecordFields } from '../zotero-export/zotero-export-input.js';
import { openObject } from '../zotero-export/zotero-record-checks.js';

/** Bounds of the Zotero save tool's arguments (docs/zotero.md#the-tool). */
const ZOTERO_SAVE_LIMITS = { records: 500, tags: 20, tagChars: 255, collectionChars: 1024, snapshotIdChars: 128 } as const;

/** Static messages of the save's own checks, in the order they win. */
export const ZOTERO_SAVE_MESSAGES = {
  records: 'records must be a list of records',
  recordsEmpty: 'records must hold at least one record',
  recordsTooMany: 'records must hold at most 500 records',
  collection: 'collection must be a non-empty collection name or key of at most 1024 characters',
  tags: 'tags must be a list of at most 20 non-empty tags of at most 255 characters',
  snapshot: 'evidence_snapshot_id must be 1 to 128 letters, digits, ".", "_", ":" or "-"',
} as const;

const M = ZOTERO_SAVE_MESSAGES;
const E = ZOTERO_EXPORT_MESSAGES;

/**
 * Order in which failing checks' messages win: the whole-argument bounds, an unknown argument,
 * the record list, each record's checks (as the Zotero export orders them), then `collection`,
 * `tags` and `evidence_snapshot_id`.
 */
export const zoteroSaveMessagePrecedence: readonly string[] = [
  ...ARGUMENT_BOUND_PRECEDENCE,
  UNSUPPORTED_ARGUMENT,
  M.records,
  M.recordsEmpty,
  M.recordsTooMany,
  ...Object.values(E),
  M.collection,
  M.tags,
  M.snapshot,
];

const identifierText = () => z.string({ error: E.identifiers }).optional();

/**
 * One record to save: the Zotero export's record (the literature-record shape, read leniently),
 * plus `identifiers.pmcid` and `open_access_url` (an `https:` link to a free full text; any
 * other value is ignored). Its fields carry no descriptions of their own: the tool's entry stays
 * small in `tools/list`, and the record is the one qiongli_literature_search describes.
 */
export const zoteroSaveRecordInput = schemaOnFirstUse(() =>
  openObject(
    {
      ...zoteroRecordFields(),
      identifiers: openObject(
        { arxiv: identifierText(), pmid: identifierText(), pmcid: identifierText(), openalex: identifierText(), semantic_scholar: identifierText() },
        E.identifiers,
      ).optional(),
      record_type: z.enum(RECORD_TYPES, { error: E.recordType }).optional(),
      abstract: z.unknown().optional(),
      retracted: z.unknown().optional(),
      open_access_url: z.unknown().optional(),
    },
    E.record,
  ),
);

/** One validated record to save. */
export type ZoteroSaveRecord = z.output<ReturnType<typeof zoteroSaveRecordInput>>;

const tag = () => z.string({ error: M.tags }).refine((value) => value.trim() !== '' && value.length <= ZOTERO_SAVE_LIMITS.tagChars, { error: M.tags });

const argumentsShape = <R extends z.ZodType>(records: R) =>
  z.strictObject(
    {
      records: z
        .array(records, { error: M.records })
        .min(1, { error: M.recordsEmpty })
        .max(ZOTERO_SAVE_LIMITS.records, { error: M.recordsTooMany })
        .describe('Records as qiongli_literature_search returns them (1 to 500).'),
      collection: z
        .string({ error: M.collection })
        .refine((value) => value.trim() !== '' && value.length <= ZOTERO_SAVE_LIMITS.collectionChars, { error: M.collection })
        .optional()
        .describe('A collection or library name, or its key from qiongli_zotero_status; default: the one selected in Zotero.'),
      tags: z.array(tag(), { error: M.tags }).max(ZOTERO_SAVE_LIMITS.tags, { error: M.tags }).optional().describe('Tags for every saved item.'),
      evidence_snapshot_id: z
        .string({ error: M.snapshot })
        .regex(/^[A-Za-z0-9._:-]{1,128}$/, { error: M.snapshot })
        .optional()
        .describe('Each saved item gets a note naming this snapshot.'),
    },
    { error: UNSUPPORTED_ARGUMENT },
  );

/** The arguments with each record left unchecked (the stepwise checks check records one by one). */
const argumentsAround = schemaOnFirstUse(() => argumentsShape(z.unknown()));

/** The full checks, whose JSON Schema clients see. */
const fullArguments = schemaOnFirstUse(() => withArgumentBounds(argumentsShape(zoteroSaveRecordInput()), BULK_ARGUMENT_BOUNDS));

const checkSaveArguments = (args: unknown): Stepwise<Result<z.output<ReturnType<typeof fullArguments>>, readonly string[]>> =>
  checkRecordsStepwise(argumentsAround(), zoteroSaveRecordInput(), ZOTERO_SAVE_LIMITS.records, args);

/**
 * Arguments of the Zotero save tool (docs/zotero.md#the-tool): `records` (1 to 500, each as the
 * Zotero export takes it), `collection`, `tags` (at most 20), `evidence_snapshot_id`. The whole
 * argument object must stay within the bulk argument bounds (2 MiB). Checked stepwise by the MCP
 * layer, with the verdicts of the whole schema.
 */
export const zoteroSaveInput = schemaOnFirstUse(() => withStepwiseChecks(fullArguments(), checkSaveArguments));

/** Validated arguments of the save. */
export type ZoteroSaveArguments = z.output<ReturnType<typeof zoteroSaveInput>>;
