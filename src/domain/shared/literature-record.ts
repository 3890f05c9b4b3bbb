import * as z from 'zod';
import { schemaOnFirstUse } from './schema-on-first-use.js';
import { PROVIDER_IDS } from '../../ports/config-source.port.js';
import { PROVIDER_RECORD_TYPES } from '../../ports/provider-client.port.js';

/** An author: `{family, given?}` or `{literal}` (docs/providers.md#the-literature-record). */
const recordAuthorSchema = schemaOnFirstUse(() =>
  z.union([z.strictObject({ family: z.string(), given: z.string().optional() }), z.strictObject({ literal: z.string() })]),
);

/**
 * What kind of work a record is (docs/providers.md#the-literature-record), from the source's own
 * type (the first source that knows wins). `article` and `preprint` are the original two; the
 * rest were added for Zotero delivery (docs/zotero.md), additively: a client that knows only the
 * first two still reads every record.
 */
export const RECORD_TYPES = PROVIDER_RECORD_TYPES;

/** One record type. */
export type RecordType = (typeof RECORD_TYPES)[number];

/** External identifiers of a record. */
const recordIdentifiersSchema = schemaOnFirstUse(() =>
  z.strictObject({
    arxiv: z.string().optional(),
    pmid: z.string().optional(),
    openalex: z.string().optional(),
    semantic_scholar: z.string().optional(),
  }),
);

/**
 * A literature record as literature search returns it (docs/providers.md#the-literature-record): always `title`, `provider`
 * (first provider that returned it) and `providers` (search order); the rest when known.
 * Absent values are omitted, never `null`. `abstract` appears only when the search asked for
 * abstracts; `retracted` is only ever `true`.
 */
export const literatureRecordSchema = schemaOnFirstUse(() =>
  z.strictObject({
    title: z.string(),
    provider: z.enum(PROVIDER_IDS),
    providers: z.array(z.enum(PROVIDER_IDS)),
    doi: z.string().optional(),
    year: z.number().int().optional(),
    venue: z.string().optional(),
    authors: z.array(recordAuthorSchema()).optional(),
    url: z.string().optional(),
    identifiers: recordIdentifiersSchema().optional(),
    record_type: z.enum(RECORD_TYPES).optional(),
    abstract: z.string().optional().describe('The abstract, at most 2000 characters (only when include_abstracts was true).'),
    cited_by_count: z.number().int().min(0).optional().describe('Citations counted by the provider (the largest count when several report one).'),
    open_access_url: z.string().optional().describe('An https link to a free full text.'),
    retracted: z.literal(true).optional().describe('Present when any provider flags the work as retracted. Check before citing it.'),
  }),
);

/** One merged literature record. */
export type LiteratureRecord = z.output<ReturnType<typeof literatureRecordSchema>>;
