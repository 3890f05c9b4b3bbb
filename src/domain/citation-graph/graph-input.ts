import * as z from 'zod';
import { GRAPH_SOURCE_IDS, type GraphDirection, type GraphSourceId } from '../../ports/citation-graph.port.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { boundedString } from '../shared/string-checks.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { yearArgument } from '../search-plan/search-plan-input.js';
import { RESULT_SORTS } from '../literature-search/literature-search-input.js';

/** Most edges one page returns, and the default (docs/tools.md#the-citation-graph). */
const MAX_GRAPH_LIMIT = 200;
export const DEFAULT_GRAPH_LIMIT = 50;

/** Longest `work` accepted, in UTF-8 bytes after trimming (a DOI may hold up to 2 KiB). */
const MAX_WORK_BYTES = 4096;

/** Longest `cursor` accepted, in characters (a cursor this server issued is a few hundred). */
const MAX_CURSOR_CHARACTERS = 4096;

/** The sources each direction can ask: Crossref deposits only references. */
export const SOURCES_OF: Readonly<Record<GraphDirection, readonly GraphSourceId[]>> = {
  references: GRAPH_SOURCE_IDS,
  citations: GRAPH_SOURCE_IDS.filter((id) => id !== 'crossref'),
};

/**
 * The static messages of the argument checks, in the order they win when several fail. None
 * ever contains input.
 */
const ARGUMENT_MESSAGES = {
  unsupported: UNSUPPORTED_ARGUMENT,
  workMissing: 'Missing work',
  workType: 'work must be a string',
  workBlank: 'work must not be empty',
  workTooLong: 'work exceeds the byte limit',
  limitType: 'limit must be an integer',
  limitRange: `limit must be between 1 and ${MAX_GRAPH_LIMIT}`,
  cursorType: 'cursor must be a string',
  cursorTooLong: 'cursor is invalid or has expired; call again without cursor',
  providersType: 'providers must be an array of source ids',
  providerUnsupported: 'unsupported provider',
  providersEmpty: 'providers must not be empty',
  providersRepeated: 'providers must not repeat a provider',
  fromYearFormat: 'from_year must be a four-digit year',
  fromYearRange: 'from_year must be between 1000 and 9999',
  toYearFormat: 'to_year must be a four-digit year',
  toYearRange: 'to_year must be between 1000 and 9999',
  includeAbstracts: 'include_abstracts must be a boolean',
  sort: 'unsupported sort',
} as const;

/** Every static message of the graph tools: the argument checks', then the use case's own. */
export const GRAPH_MESSAGES = {
  ...ARGUMENT_MESSAGES,
  /** `work` is none of the accepted identifier forms. */
  workForm: 'work must be a DOI, an OpenAlex work id (W…), a Semantic Scholar paper id, PMID:<digits> or arXiv:<id>',
  yearOrder: 'from_year must be less than or equal to to_year',
  /** A cursor that was altered, issued for another call or process, or expired (one message: never why). */
  cursorInvalid: ARGUMENT_MESSAGES.cursorTooLong,
} as const;

const M = GRAPH_MESSAGES;

/** Order in which failing checks' messages win: that of the argument checks. */
export const graphMessagePrecedence: readonly string[] = Object.values(ARGUMENT_MESSAGES);

const WORDS: Readonly<Record<GraphDirection, string>> = { references: 'references (the works it cites)', citations: 'citations (the works citing it)' };

function buildGraphInput(direction: GraphDirection) {
  const sources = SOURCES_OF[direction] as [GraphSourceId, ...GraphSourceId[]];
  return z.strictObject(
    {
      work: boundedString(
        { max: MAX_WORK_BYTES, unit: 'bytes', measureTrimmed: true, nonBlank: true },
        { missing: M.workMissing, type: M.workType, blank: M.workBlank, tooLong: M.workTooLong },
      ).describe(
        `The work whose ${WORDS[direction]} are listed: a DOI (10.1038/nature14539, https://doi.org/… or doi:…), ` +
          'an OpenAlex work id (W2100837269), a Semantic Scholar paper id (40 hex digits or CorpusId:<n>), PMID:<digits> or arXiv:<id>.',
      ),
      limit: z
        .number({ error: M.limitType })
        .int({ error: M.limitType })
        .min(1, { error: M.limitRange })
        .max(MAX_GRAPH_LIMIT, { error: M.limitRange })
        .optional()
        .describe(`Most edges on this page, 1-${MAX_GRAPH_LIMIT} (fewer when the page reaches its size bound). Default ${DEFAULT_GRAPH_LIMIT}.`),
      cursor: z
        .string({ error: M.cursorType })
        .max(MAX_CURSOR_CHARACTERS, { error: M.cursorTooLong })
        .optional()
        .describe('next_cursor of the previous page, to read the next one. Pass the same work, providers, years, sort and include_abstracts as that call.'),
      providers: z
        .array(z.enum(sources, { error: M.providerUnsupported }), { error: M.providersType })
        .min(1, { error: M.providersEmpty })
        .max(sources.length, { error: M.providersRepeated })
        .refine((ids) => new Set(ids).size === ids.length, { error: M.providersRepeated })
        .meta({ uniqueItems: true })
        .optional()
        .describe(`Read only these sources (${sources.join(', ')}). Absent = every enabled one.`),
      from_year: yearArgument('from_year')
        .optional()
        .describe('Only works published in or after this year (1000-9999, integer or four-digit string). Works without a year are then left out.'),
      to_year: yearArgument('to_year')
        .optional()
        .describe('Only works published in or before this year (1000-9999, not before from_year). Works without a year are then left out.'),
      include_abstracts: z
        .boolean({ error: M.includeAbstracts })
        .optional()
        .describe("Also return each work's abstract (at most 2000 characters) where a source has one. Default false."),
      sort: z
        .enum(RESULT_SORTS, { error: M.sort })
        .optional()
        .describe(
          'Order of the edges within each page: relevance (default: the order the sources give, merged), newest (year descending) or most_cited (cited_by_count descending); unknown values last.',
        ),
    },
    { error: UNSUPPORTED_ARGUMENT },
  );
}

/** Arguments of `qiongli_literature_references`. */
export const referencesInput = schemaOnFirstUse(() => buildGraphInput('references'));
/** Arguments of `qiongli_literature_citations` (Crossref is not a source of citations). */
export const citationsInput = schemaOnFirstUse(() => buildGraphInput('citations'));

/** Validated arguments of either graph tool. */
export type GraphArguments = z.output<ReturnType<typeof referencesInput>>;
