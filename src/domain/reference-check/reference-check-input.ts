import * as z from 'zod';
import { REFERENCE_SOURCE_IDS } from '../../ports/reference-lookup.port.js';
import { ARGUMENT_BOUND_PRECEDENCE, withArgumentBounds } from '../shared/json-bounds.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { boundedString } from '../shared/string-checks.js';
import { utf8ByteLength } from '../shared/text-bounds.js';

/** Most references one call checks, and the most bytes they may take (docs/tools.md#the-reference-check). */
export const MAX_REFERENCES = 200;
const MAX_REFERENCE_BYTES = 256 * 1024;

/** Checks per page: default and bounds (§13). */
export const PAGE_SIZE = { min: 1, default: 25, max: 100 } as const;

/** Formats a references string may be in. */
const REFERENCE_FORMATS = ['bibtex', 'ris', 'csl-json', 'text'] as const;

/** One format. */
export type ReferenceFormat = (typeof REFERENCE_FORMATS)[number];

/** Longest `cursor` accepted (one this server issued is a few hundred characters). */
const MAX_CURSOR_CHARACTERS = 4096;

/**
 * The static messages of the argument checks, in the order they win when several fail; then the
 * use case's own. None ever contains input.
 */
const ARGUMENT_MESSAGES = {
  unsupported: UNSUPPORTED_ARGUMENT,
  referencesMissing: 'Missing references',
  referencesType: 'references must be a string or a list of reference objects',
  referencesBlank: 'references must not be empty',
  referencesTooLarge: `references exceed ${MAX_REFERENCE_BYTES / 1024} KiB`,
  referencesTooMany: `references hold more than ${MAX_REFERENCES} references`,
  referenceField: 'a reference object holds an unsupported or ill-typed field',
  referenceFieldTooLong: 'a reference field exceeds its length limit',
  referenceYear: 'a reference year must be a four-digit year',
  format: 'unsupported format',
  providersType: 'providers must be an array of provider ids',
  providerUnsupported: 'unsupported provider',
  providersEmpty: 'providers must not be empty',
  providersRepeated: 'providers must not repeat a provider',
  pageSizeType: 'page_size must be an integer',
  pageSizeRange: `page_size must be between ${PAGE_SIZE.min} and ${PAGE_SIZE.max}`,
  cursorType: 'cursor must be a string',
  cursorInvalid: 'cursor is invalid or has expired; call again without cursor',
} as const;

/** Every static message of the reference check. */
export const CHECK_MESSAGES = {
  ...ARGUMENT_MESSAGES,
  /** `format` names the format of a references string; it has no meaning for a list. */
  formatWithList: 'format applies only to a references string',
  /** The string holds no reference (only comments, say). */
  referencesNone: 'references hold no reference',
} as const;

const M = CHECK_MESSAGES;

/** Order in which failing checks' messages win: the whole-argument bounds, then that of the argument checks. */
export const checkMessagePrecedence: readonly string[] = [...ARGUMENT_BOUND_PRECEDENCE, ...Object.values(ARGUMENT_MESSAGES)];

/** Bounds of one reference object's fields, in characters. */
const FIELD_CHARACTERS = { title: 2048, author: 512, authors: 100, venue: 1024, doi: 512, pmid: 16, arxiv: 64, text: 8192 } as const;

const text = (max: number) => boundedString({ max, unit: 'characters', nonBlank: false }, { type: M.referenceField, tooLong: M.referenceFieldTooLong });

const year = () =>
  z.union(
    [
      z.number({ error: M.referenceYear }).int({ error: M.referenceYear }).min(1000, { error: M.referenceYear }).max(9999, { error: M.referenceYear }),
      z.string({ error: M.referenceYear }).regex(/^[0-9]{4}$/u, { error: M.referenceYear }),
    ],
    { error: M.referenceYear },
  );

/** One reference given as an object: every field optional, each bounded. */
const referenceObject = () =>
  z.strictObject(
    {
      title: text(FIELD_CHARACTERS.title).optional(),
      authors: z
        .array(text(FIELD_CHARACTERS.author), { error: M.referenceField })
        .max(FIELD_CHARACTERS.authors, { error: M.referenceFieldTooLong })
        .optional()
        .describe('First author first.'),
      year: year().optional(),
      venue: text(FIELD_CHARACTERS.venue).optional(),
      doi: text(FIELD_CHARACTERS.doi).optional(),
      pmid: z
        .union([text(FIELD_CHARACTERS.pmid), z.number({ error: M.referenceField }).int({ error: M.referenceField }).min(1, { error: M.referenceField })], {
          error: M.referenceField,
        })
        .optional(),
      arxiv: text(FIELD_CHARACTERS.arxiv).optional(),
      text: text(FIELD_CHARACTERS.text).optional().describe('The reference as written.'),
    },
    { error: M.referenceField },
  );

/**
 * The message of a `references` that fits neither form: the failing check of the form it has
 * (a string's or a list's own static message), else the type message.
 */
function unionMessage(issue: { readonly input?: unknown; readonly errors?: readonly (readonly { readonly message: string }[])[] }): string {
  if (issue.input === undefined) return M.referencesMissing;
  const branch = typeof issue.input === 'string' ? 0 : Array.isArray(issue.input) ? 1 : -1;
  return (branch < 0 ? undefined : issue.errors?.[branch]?.[0]?.message) ?? M.referencesType;
}

/** JSON size of a list of references, as the 256 KiB bound counts it. */
const listBytes = (list: readonly unknown[]): number => utf8ByteLength(JSON.stringify(list));

/** Arguments of the reference check (docs/tools.md#the-reference-check). */
export const checkReferencesInput = schemaOnFirstUse(() =>
  withArgumentBounds(
    z.strictObject(
      {
        references: z
          .union(
            [
              boundedString(
                { max: MAX_REFERENCE_BYTES, unit: 'bytes', nonBlank: true },
                { type: M.referencesType, blank: M.referencesBlank, tooLong: M.referencesTooLarge },
              ),
              z
                .array(referenceObject(), { error: M.referencesType })
                .min(1, { error: M.referencesBlank })
                .max(MAX_REFERENCES, { error: M.referencesTooMany })
                .refine((list) => listBytes(list) <= MAX_REFERENCE_BYTES, { error: M.referencesTooLarge }),
            ],
            { error: unionMessage },
          )
          .describe(
            `One string (BibTeX, RIS, CSL-JSON, or plain text, one reference per line or paragraph) or a list of reference objects. At most ${MAX_REFERENCES} references, 256 KiB.`,
          ),
        format: z.enum(REFERENCE_FORMATS, { error: M.format }).optional().describe('Of a references string. Default: detected.'),
        providers: z
          .array(z.enum(REFERENCE_SOURCE_IDS, { error: M.providerUnsupported }), { error: M.providersType })
          .min(1, { error: M.providersEmpty })
          .max(REFERENCE_SOURCE_IDS.length, { error: M.providersRepeated })
          .refine((ids) => new Set(ids).size === ids.length, { error: M.providersRepeated })
          .meta({ uniqueItems: true })
          .optional()
          .describe('Default: every enabled source.'),
        page_size: z
          .number({ error: M.pageSizeType })
          .int({ error: M.pageSizeType })
          .min(PAGE_SIZE.min, { error: M.pageSizeRange })
          .max(PAGE_SIZE.max, { error: M.pageSizeRange })
          .optional()
          .describe(`Default ${PAGE_SIZE.default}.`),
        cursor: z
          .string({ error: M.cursorType })
          .max(MAX_CURSOR_CHARACTERS, { error: M.cursorInvalid })
          .optional()
          .describe('next_cursor of the previous page (same references, format, providers).'),
      },
      { error: UNSUPPORTED_ARGUMENT },
    ),
    // Depth: arguments → references → object → authors → name. Values: 200 objects of ~110 values.
    // Bytes: the JSON form, where escapes may triple a LaTeX-heavy string; the 256 KiB are checked above.
    { maxDepth: 5, maxValues: 25_000, maxBytes: 3 * MAX_REFERENCE_BYTES },
  ),
);

/** Validated arguments of the reference check. */
export type CheckReferencesArguments = z.output<ReturnType<typeof checkReferencesInput>>;

/** One reference object as validated. */
export type ReferenceObject = Exclude<CheckReferencesArguments['references'], string>[number];
