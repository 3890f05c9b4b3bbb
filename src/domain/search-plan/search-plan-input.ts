import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { contextDirectory } from './character-bounds.js';
import { boundedString } from '../shared/string-checks.js';
import { normaliseIdentifier, PLATFORM_PATTERN } from './identifier-normalisation.js';
import { SEARCH_MODES } from './search-modes.js';

/** Canonical argument name → its deprecated aliases (docs/tools.md#6-qiongli_search_plan). At most one name per group. */
export const SEARCH_PLAN_ALIASES = {
  native_search_available: ['native_search_usable', 'nativeSearchAvailable'],
  native_search_tools: ['nativeSearchTools'],
  query_variants: ['queryVariants'],
  include_working_papers: ['includeWorkingPapers'],
  from_year: ['fromYear'],
  to_year: ['toYear'],
  search_mode: ['searchMode'],
  venue_filter: ['venueFilter'],
  document_types: ['documentTypes'],
} as const;

/** A canonical argument name that has aliases. */
export type AliasedArgument = keyof typeof SEARCH_PLAN_ALIASES;

const lowerTrimmed = (value: string): string => value.trim().toLowerCase();

/** A list of non-blank strings, bounded in count and in characters, unique under `key`. */
function stringList(name: string, maxItems: number, maxCharacters: number, key: (value: string) => string, validIdentifier = false) {
  let item = boundedString(
    { max: maxCharacters, unit: 'characters', nonBlank: true },
    {
      type: `${name} must contain strings`,
      blank: `${name} must not contain empty values`,
      tooLong: `${name} items must be at most ${maxCharacters} characters`,
    },
  );
  if (validIdentifier) {
    item = item.refine((value) => normaliseIdentifier(value) !== '', { error: `${name} must contain valid identifiers` });
  }
  return z
    .array(item, { error: `${name} must be an array` })
    .max(maxItems, { error: `${name} must contain at most ${maxItems} items`, abort: true })
    .refine((values) => new Set(values.map(key)).size === values.length, { error: `${name} must contain unique values` });
}

/** Integer or exactly-four-digit string, 1000–9999, with the static messages `<name> must be a four-digit year` / `… between 1000 and 9999` (literature search shares it). */
export function yearArgument(name: string) {
  const format = `${name} must be a four-digit year`;
  const range = `${name} must be between 1000 and 9999`;
  return z.union(
    [
      z.number({ error: format }).int({ error: format }).min(1000, { error: range }).max(9999, { error: range }),
      z
        .string({ error: format })
        .regex(/^[0-9]{4}$/, { error: format, abort: true })
        .refine((value) => Number(value) >= 1000, { error: range }),
    ],
    { error: format },
  );
}

const boolean = (name: string) => z.boolean({ error: `${name} must be a boolean` });

/** The schema of each canonical argument; aliases reuse it (fresh instances, same checks). */
const ARGUMENT_SCHEMAS = {
  native_search_available: () => boolean('native_search_available').describe('Whether the client can run a platform-native web search itself. Default false.'),
  native_search_tools: () =>
    stringList('native_search_tools', 8, 256, normaliseIdentifier, true).describe(
      'Names of the native search tools the client can run (at most 8, each at most 256 characters, unique after normalisation). Default: one tool chosen from the platform.',
    ),
  query_variants: () =>
    stringList('query_variants', 16, 4096, lowerTrimmed).describe(
      'Alternative phrasings of the query (at most 16, each at most 4096 characters, unique ignoring case).',
    ),
  include_working_papers: () => boolean('include_working_papers').describe('Whether working papers and preprints are wanted.'),
  from_year: () => yearArgument('from_year').describe('First publication year (1000–9999), as an integer or a four-digit string.'),
  to_year: () => yearArgument('to_year').describe('Last publication year (1000–9999, not before from_year), as an integer or a four-digit string.'),
  search_mode: () =>
    z
      .enum(SEARCH_MODES, {
        error: (issue) => (typeof issue.input === 'string' ? 'unsupported search_mode' : 'search_mode must be a string'),
      })
      .describe('Kind of search. Default topic.'),
  venue_filter: () =>
    boundedString(
      { max: 256, unit: 'characters', nonBlank: false },
      {
        type: 'venue_filter must be a string',
        tooLong: 'venue_filter must be at most 256 characters',
      },
    ).describe('Journal or conference to prefer (at most 256 characters; blank means none).'),
  document_types: () =>
    stringList('document_types', 32, 256, lowerTrimmed).describe(
      'Document types to prefer, e.g. journal-article (at most 32, each at most 256 characters, unique ignoring case).',
    ),
} satisfies Record<AliasedArgument, () => z.ZodType>;

type AliasedShape = {
  [K in AliasedArgument]: z.ZodOptional<ReturnType<(typeof ARGUMENT_SCHEMAS)[K]>>;
};

type AliasShape = {
  [K in AliasedArgument as (typeof SEARCH_PLAN_ALIASES)[K][number]]: z.ZodOptional<ReturnType<(typeof ARGUMENT_SCHEMAS)[K]>>;
};

/** Every canonical name and alias with its schema, all optional. */
function aliasedShape(): Record<string, z.ZodOptional<z.ZodType>> {
  const shape: Record<string, z.ZodOptional<z.ZodType>> = {};
  for (const canonical of Object.keys(SEARCH_PLAN_ALIASES) as AliasedArgument[]) {
    shape[canonical] = ARGUMENT_SCHEMAS[canonical]().optional();
    for (const alias of SEARCH_PLAN_ALIASES[canonical]) {
      shape[alias] = ARGUMENT_SCHEMAS[canonical]()
        .meta({ deprecated: true })
        .describe(`Deprecated alias of ${canonical}; never send it together with ${canonical} or another alias.`)
        .optional();
    }
  }
  return shape;
}

/**
 * Arguments of `qiongli_search_plan` (docs/tools.md#6-qiongli_search_plan): every canonical name and every deprecated
 * alias is a property, each with its own static messages. What the schema cannot express — a
 * canonical name together with an alias, `from_year` after `to_year` — is checked by
 * `resolveSearchPlanRequest`.
 */
export const searchPlanInput = schemaOnFirstUse(() =>
  z.strictObject(
    {
      query: boundedString(
        { max: 4096, unit: 'characters', nonBlank: true },
        {
          missing: 'Missing query',
          type: 'query must be a string',
          blank: 'query must not be empty',
          tooLong: 'query must be at most 4096 characters',
        },
      ).describe('The research question or search terms (at most 4096 characters).'),
      cwd: contextDirectory().optional(),
      platform: boundedString(
        { max: 64, unit: 'characters', nonBlank: true },
        {
          type: 'platform must be a string',
          blank: 'platform must not be empty',
          tooLong: 'platform must be at most 64 characters',
        },
      )
        .regex(PLATFORM_PATTERN, { error: 'platform must be an ASCII identifier' })
        .describe('The client platform, e.g. "Claude Code" or "codex" (normalised to claude_code, codex). Default unknown.')
        .optional(),
      ...(aliasedShape() as AliasedShape & AliasShape),
    },
    { error: UNSUPPORTED_ARGUMENT },
  ),
);

/** Validated, not yet resolved arguments of `qiongli_search_plan`. */
export type SearchPlanArguments = z.output<ReturnType<typeof searchPlanInput>>;

/**
 * Message precedence for `parseArguments`: an argument outside the allow-list is reported before
 * any other check, as upstream does; otherwise the first failing check (in schema order) wins.
 */
export const searchPlanMessagePrecedence: readonly string[] = [UNSUPPORTED_ARGUMENT];
