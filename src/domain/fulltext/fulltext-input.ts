import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { boundedString } from '../shared/string-checks.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { MAX_PASSAGE_CHARACTERS, PASSAGE_ID } from './passage-ids.js';

/** Page size bounds in characters of the whole answer (docs/tools.md#qiongli_literature_read_fulltext): a page always holds a whole passage. */
const PAGE_CHARACTERS = { min: MAX_PASSAGE_CHARACTERS, default: 20_000, max: 64_000 } as const;

/** Most passage ids one call re-checks. */
const MAX_RECHECK_IDS = 200;

/**
 * The static messages of the argument checks, in the order they win when several fail; then
 * the use case's own. None ever contains input.
 */
const ARGUMENT_MESSAGES = {
  unsupported: UNSUPPORTED_ARGUMENT,
  workMissing: 'Missing work',
  workType: 'work must be a string',
  workBlank: 'work must not be empty',
  workTooLong: 'work exceeds the length limit',
  findType: 'find must be a string',
  findBlank: 'find must not be empty',
  findTooLong: 'find must be at most 512 characters',
  sectionType: 'section must be a string',
  sectionBlank: 'section must not be empty',
  sectionTooLong: 'section must be at most 256 characters',
  maxCharsType: 'max_chars must be an integer',
  maxCharsRange: `max_chars must be between ${PAGE_CHARACTERS.min} and ${PAGE_CHARACTERS.max}`,
  cursorType: 'cursor must be a string',
  cursorBlank: 'cursor must not be empty',
  cursorTooLong: 'cursor is invalid or expired',
  recheckType: 'recheck must be a list of passage ids',
  recheckTooMany: `recheck must hold at most ${MAX_RECHECK_IDS} passage ids`,
} as const;

/** Every static message of the full-text reader: the argument checks', then the use case's own. */
export const READ_FULLTEXT_MESSAGES = {
  ...ARGUMENT_MESSAGES,
  workFormat: 'work must be a DOI, PMCID:PMC<digits>, PMID:<digits> or arXiv:<id>',
  findTerms: 'find must hold a term of at least two characters',
  cursorInvalid: 'cursor is invalid or expired',
  cursorStale: 'the document changed since this cursor was issued; read it again without cursor',
} as const;

const M = READ_FULLTEXT_MESSAGES;

/** Arguments of `qiongli_literature_read_fulltext` (docs/tools.md#qiongli_literature_read_fulltext). */
export const readFullTextInput = schemaOnFirstUse(() =>
  z.strictObject(
    {
      work: boundedString(
        { max: 512, unit: 'characters', nonBlank: true },
        { missing: M.workMissing, type: M.workType, blank: M.workBlank, tooLong: M.workTooLong },
      ).describe('The paper to read: a DOI (10.1371/journal.pone.0123456), PMCID:PMC1234567 or PMC1234567, PMID:12345678, or arXiv:2101.00001.'),
      find: boundedString({ max: 512, unit: 'characters', nonBlank: true }, { type: M.findType, blank: M.findBlank, tooLong: M.findTooLong })
        .optional()
        .describe(
          'Terms to look for (words, or "quoted phrases"; case and character width ignored). Only passages containing them are returned, best first (most terms, then most occurrences), each with the passages before and after it in its section.',
        ),
      section: boundedString({ max: 256, unit: 'characters', nonBlank: true }, { type: M.sectionType, blank: M.sectionBlank, tooLong: M.sectionTooLong })
        .optional()
        .describe('Read only this section and its subsections: a section id from sections (s2, s2.1, abstract, refs) or its heading (Methods).'),
      max_chars: z
        .number({ error: M.maxCharsType })
        .int({ error: M.maxCharsType })
        .min(PAGE_CHARACTERS.min, { error: M.maxCharsRange })
        .max(PAGE_CHARACTERS.max, { error: M.maxCharsRange })
        .default(PAGE_CHARACTERS.default)
        .describe(
          'Most characters of the whole answer per page (passages with their ids, the outline, all of it), 2000-64000 (default 20000). Pass next_cursor to read on.',
        ),
      cursor: boundedString({ max: 4096, unit: 'characters', nonBlank: true }, { type: M.cursorType, blank: M.cursorBlank, tooLong: M.cursorTooLong })
        .optional()
        .describe('The next_cursor of the previous page, with the same other arguments.'),
      recheck: z
        .array(z.string({ error: M.recheckType }).regex(PASSAGE_ID, { error: M.recheckType }), { error: M.recheckType })
        .max(MAX_RECHECK_IDS, { error: M.recheckTooMany })
        .optional()
        .describe(
          'Passage ids recorded earlier (for example in an evidence snapshot) to check against the document as it reads now: each comes back unchanged, moved, changed or missing.',
        ),
    },
    { error: UNSUPPORTED_ARGUMENT },
  ),
);

/** Validated arguments of the full-text reader. */
export type ReadFullTextArguments = z.output<ReturnType<typeof readFullTextInput>>;

/** Order in which failing checks' messages win: that of the argument messages. */
export const readFullTextMessagePrecedence: readonly string[] = Object.values(ARGUMENT_MESSAGES);
