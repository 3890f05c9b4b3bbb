import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';

/** How a record was found already in the library: the first key that matched, in this order. */
const MATCH_KEYS = ['doi', 'pmid', 'arxiv', 'title_year'] as const;

/** One of {@link MATCH_KEYS}. */
export type MatchKey = (typeof MATCH_KEYS)[number];

/** Why one record was not saved while others were (docs/zotero.md#the-answer). */
const RECORD_FAILURES = ['not-in-zotero-answer'] as const;

/** The fixed warnings an answer may carry. */
export const SAVE_WARNINGS = {
  duplicatesUnchecked:
    'Zotero\'s local API did not answer, so records were saved without checking the library for duplicates. Switch on "Allow other applications on this computer to communicate with Zotero" in Zotero\'s Advanced settings.',
  updateFailed:
    'Zotero saved the records into the collection selected in Zotero but did not move them to the requested collection or add the tags and the note.',
  countUnknown: "Zotero's answer did not list the saved items; saved counts the records sent.",
  missing: 'Zotero saved fewer items than were sent; failed lists the records its answer did not name.',
} as const;

/** Longest title echoed in the answer; a longer one is cut with `…` (its control characters become spaces). */
export const MAX_ANSWER_TITLE = 100;

/**
 * Skipped records named with their title: the first ones in index order. Past them a skipped
 * record is named by its index (and `matched_by`) only, so 500 skipped records answer well under
 * the 40,000 characters every default answer stays within (docs/tools.md#answers-that-fit-a-models-context).
 */
export const MAX_TITLED_SKIPS = 50;

/**
 * Result of the Zotero save tool (docs/zotero.md#the-answer). `status` is `ok` when every
 * record was saved or skipped, duplicates were checked and the target, tags and note were
 * applied; `warning` otherwise (`warnings` say what). Records are named by their index in
 * `records` and, for the first {@link MAX_TITLED_SKIPS} skipped ones, their title (cut at
 * {@link MAX_ANSWER_TITLE} characters): no other record value is echoed.
 */
export const zoteroSaveOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(['ok', 'warning']),
    saved: z.number().int().min(0),
    skipped_existing: z.array(z.strictObject({ index: z.number().int().min(0), title: z.string().optional(), matched_by: z.enum(MATCH_KEYS) })),
    duplicates_checked: z.boolean(),
    failed: z.array(z.strictObject({ index: z.number().int().min(0), reason: z.enum(RECORD_FAILURES) })),
    target: z.strictObject({ key: z.string(), name: z.string(), library: z.string() }),
    session: z.string().optional(),
    warnings: z.array(z.string()).optional(),
  }),
);

/** The save's answer, as returned to the client. */
export type ZoteroSaveAnswer = z.output<ReturnType<typeof zoteroSaveOutput>>;
