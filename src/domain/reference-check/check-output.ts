import * as z from 'zod';
import { PROVIDER_FAILURE_KINDS } from '../../ports/provider-client.port.js';
import { REFERENCE_SOURCE_IDS } from '../../ports/reference-lookup.port.js';
import { DIAGNOSTICS_STATUSES, SEARCH_STATUSES } from '../literature-search/literature-search-output.js';
import { literatureRecordSchema } from '../shared/literature-record.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';

/** The three status flags of a matched work. */
const FLAG_NAMES = ['retracted', 'corrected', 'expression_of_concern'] as const;

/** One flag name. */
export type FlagName = (typeof FLAG_NAMES)[number];

/** Where a flag was read: Crossref's two places, OpenAlex `is_retracted`, PubMed `pubtype`. */
export const FLAG_SOURCES = ['crossref_updated_by', 'crossref_update_to', 'openalex', 'pubmed'] as const;

/** Verdicts, in the order the summary counts them. */
const VERDICTS = ['verified', 'mismatch', 'not_found', 'ambiguous', 'unchecked', 'unreadable'] as const;

/** Characters of a reference's title echoed in `reference` (what was read, bounded). */
export const ECHOED_TITLE_CHARACTERS = 300;

const sources = () => z.array(z.enum(REFERENCE_SOURCE_IDS));

/**
 * The §7.4 record of a matched work, a candidate or a version, written once in the tool's output
 * schema (under `$defs`, read by `$ref`): the check names it three times.
 */
const checkedRecord = schemaOnFirstUse(() => literatureRecordSchema().meta({ id: 'checked_record' }));

const flag = () =>
  z.strictObject({
    notice_doi: z.string().optional().describe('The DOI of the notice (retraction, correction, expression of concern).'),
    date: z.string().optional().describe('When the notice appeared: YYYY, YYYY-MM or YYYY-MM-DD.'),
    source: z
      .enum(FLAG_SOURCES)
      .describe("Where it was read: Crossref updated-by on the work, Crossref update-to on the notice, OpenAlex is_retracted, PubMed's publication type."),
  });

/** One reference's check. */
const referenceCheckSchema = schemaOnFirstUse(() =>
  z.strictObject({
    index: z.number().int().min(0).describe('Position of the reference in the input (0-based).'),
    verdict: z.enum(VERDICTS),
    confidence: z.number().min(0).max(1).describe('0-1: how sure the verdict is (docs: "Score").'),
    sources: sources().describe('verified/mismatch/ambiguous: the sources that describe the matched work; not_found: the sources that answered.'),
    note: z.string().optional().describe('not_found: "not found in <sources>"; unreadable: why the reference could not be read.'),
    matched: checkedRecord().optional().describe('The work the reference names, as the sources describe it.'),
    differences: z
      .array(
        z.strictObject({
          field: z.enum(['title', 'first_author', 'year', 'doi', 'pmid', 'arxiv']),
          given: z.union([z.string(), z.number()]),
          found: z.union([z.string(), z.number()]).optional(),
        }),
      )
      .optional()
      .describe('mismatch: what the reference says, and what the work says.'),
    candidates: z.array(checkedRecord()).optional().describe('ambiguous: the works it may be (up to 3).'),
    flags: z.partialRecord(z.enum(FLAG_NAMES), flag()).optional().describe('Retraction, correction, expression of concern of the matched work.'),
    versions: z
      .array(
        z.strictObject({
          relation: z.enum(['preprint_of', 'version_of_record_of']).describe('What the matched work is to this version.'),
          record: checkedRecord(),
          link_only: z.literal(true).optional().describe('No source described this version; the record holds its DOI (or link) as title.'),
        }),
      )
      .optional()
      .describe('Preprint and version of record of the matched work.'),
    reference: z
      .strictObject({
        title: z.string().optional(),
        first_author: z.string().optional(),
        year: z.number().int().optional(),
        unreadable: z.enum(['syntax', 'too_long', 'nesting', 'no_fields']).optional(),
      })
      .describe(`What was read of the reference (title cut to ${ECHOED_TITLE_CHARACTERS} characters).`),
  }),
);

/** One check. */
export type ReferenceCheck = z.output<ReturnType<typeof referenceCheckSchema>>;

/** One source's diagnostic for the whole check. */
const checkSourceDiagnosticSchema = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(['ok', 'error']),
    requests: z.number().int().min(0).describe('HTTP requests this check sent to the source (answers from the cache are free).'),
    asked: z.number().int().min(0).describe('Questions asked (identifier lookups, searches, status lookups).'),
    failed: z.number().int().min(0).describe('Questions that failed.'),
    error_kind: z.enum(PROVIDER_FAILURE_KINDS).optional().describe('The kind of the last failure.'),
    warning: z.string().optional(),
  }),
);

/** One source's diagnostic. */
export type CheckSourceDiagnostic = z.output<ReturnType<typeof checkSourceDiagnosticSchema>>;

/** Result of the reference check (docs/tools.md#the-reference-check). */
export const checkReferencesOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(SEARCH_STATUSES),
    summary: z.strictObject({
      references: z.number().int().min(0).describe('References read.'),
      verified: z.number().int().min(0),
      mismatch: z.number().int().min(0),
      not_found: z.number().int().min(0),
      ambiguous: z.number().int().min(0),
      unchecked: z.number().int().min(0),
      unreadable: z.number().int().min(0),
      retracted: z.number().int().min(0),
      corrected: z.number().int().min(0),
      expression_of_concern: z.number().int().min(0),
      look_first: z
        .array(z.number().int().min(0))
        .describe('Indexes worth a look first: not_found, retracted, mismatch, unreadable, expression of concern, ambiguous.'),
    }),
    checks: z.array(referenceCheckSchema()).describe('This page of checks, in input order.'),
    diagnostics: z.strictObject({
      status: z.enum(DIAGNOSTICS_STATUSES),
      status_reason: z.literal('no_active_providers').optional(),
      providers: z.partialRecord(z.enum(REFERENCE_SOURCE_IDS), checkSourceDiagnosticSchema()),
      warnings: z.array(z.string()),
    }),
    next_cursor: z.string().optional().describe('Pass as cursor (with the same references and providers) for the next checks; absent on the last page.'),
  }),
);

/** A reference check's result. */
export type CheckReferencesResult = z.output<ReturnType<typeof checkReferencesOutput>>;
