import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { FULLTEXT_SOURCES, LICENCE_ORIGINS } from '../../ports/fulltext-client.port.js';
import { PROVIDER_FAILURE_KINDS } from '../../ports/provider-client.port.js';

/** Overall status of a read (docs/tools.md#qiongli_literature_read_fulltext). */
const READ_STATUSES = ['ok', 'no_open_full_text', 'sources_failed', 'not_run'] as const;

/** What one source said, as `attempts[].outcome` reports it. */
const ATTEMPT_OUTCOMES = ['full_text', 'no_open_full_text', 'not_found', 'disabled', 'failed'] as const;

/** Verdicts of `recheck`. */
const RECHECK_STATUSES = ['unchanged', 'moved', 'changed', 'missing'] as const;

const text = (description: string) => z.string().describe(description);

/** Result of `qiongli_literature_read_fulltext` (docs/tools.md#qiongli_literature_read_fulltext). */
export const readFullTextOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(READ_STATUSES),
    work: z
      .strictObject({ doi: z.string().optional(), pmid: z.string().optional(), pmcid: z.string().optional(), arxiv: z.string().optional() })
      .describe('The identifiers of the work, as given and as the sources resolved them.'),
    source: z
      .strictObject({
        provider: z.enum(FULLTEXT_SOURCES),
        url: text('The constant-endpoint URL the document was fetched from.'),
        sha256: text('SHA-256 of the document body as received: cite it with passage ids to pin the version read.'),
        bytes: z.number().int().min(0),
        licence: text(
          "Licence of the text, from the article's own metadata first (CC BY 4.0, arXiv non-exclusive distribution licence 1.0, unknown, ...). Check it before quoting at length.",
        ),
        licence_url: z.string().optional(),
        licence_from: z.enum(LICENCE_ORIGINS).optional().describe('Where licence was read (absent when no source names one).'),
        licence_conflict: z
          .strictObject({ from: z.enum(LICENCE_ORIGINS), licence: z.string(), licence_url: z.string().optional() })
          .optional()
          .describe('Another source names a licence that does not agree with licence: both are shown; licence is the one used.'),
      })
      .optional(),
    sections: z
      .array(z.strictObject({ id: z.string(), heading: z.string(), level: z.number().int().min(1) }))
      .describe('The outline: all of it on every page, or, for an outline too long for one page, the next part of it (see sections_from).'),
    sections_total: z.number().int().min(0).optional().describe('Sections the document has.'),
    sections_from: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Present when the outline is paged: the position (0-based) of the first section listed; next_cursor continues it.'),
    passages: z.array(
      z.strictObject({
        id: text('Stable passage id (section, position, text hash): the same document always gives the same ids.'),
        section_id: z.string(),
        text: z.string(),
        match: z.literal(true).optional().describe('Present on passages that contain the find terms (the others are their neighbours).'),
      }),
    ),
    next_cursor: z.string().optional(),
    truncated: z.boolean().describe('More passages exist than this page holds (see next_cursor), or the document was longer than the reader keeps.'),
    attempts: z.array(
      z.strictObject({ provider: z.enum(FULLTEXT_SOURCES), outcome: z.enum(ATTEMPT_OUTCOMES), error_kind: z.enum(PROVIDER_FAILURE_KINDS).optional() }),
    ),
    open_access_url: z.string().optional(),
    warnings: z.array(z.string()).optional().describe('A keyless fallback, as the search reports it: pubmed: key_missing (searched keyless).'),
    note: z.string().optional(),
    rechecked: z.array(z.strictObject({ id: z.string(), status: z.enum(RECHECK_STATUSES), current_id: z.string().optional() })).optional(),
    rechecked_from: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Present when the verdicts are too long for one page: the position (0-based) of the first verdict listed; next_cursor continues them.'),
  }),
);

/** A read, as returned to the client. */
export type ReadFullTextResult = z.output<ReturnType<typeof readFullTextOutput>>;
