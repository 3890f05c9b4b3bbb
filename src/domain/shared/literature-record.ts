import { z } from 'zod';
import { PROVIDER_IDS } from '../../ports/config-source.port.js';

/** An author: `{family, given?}` or `{literal}` (docs/providers.md#the-literature-record). */
export const recordAuthorSchema = z.union([
  z.strictObject({ family: z.string(), given: z.string().optional() }),
  z.strictObject({ literal: z.string() }),
]);

/** External identifiers of a record. */
export const recordIdentifiersSchema = z.strictObject({
  arxiv: z.string().optional(),
  pmid: z.string().optional(),
  openalex: z.string().optional(),
  semantic_scholar: z.string().optional(),
});

/**
 * A literature record as literature search returns it (docs/providers.md#the-literature-record): always `title`, `provider`
 * (first provider that returned it) and `providers` (search order); the rest when known.
 * Absent values are omitted, never `null`.
 */
export const literatureRecordSchema = z.strictObject({
  title: z.string(),
  provider: z.enum(PROVIDER_IDS),
  providers: z.array(z.enum(PROVIDER_IDS)),
  doi: z.string().optional(),
  year: z.number().int().optional(),
  venue: z.string().optional(),
  authors: z.array(recordAuthorSchema).optional(),
  url: z.string().optional(),
  identifiers: recordIdentifiersSchema.optional(),
  record_type: z.enum(['article', 'preprint']).optional(),
});

/** One merged literature record. */
export type LiteratureRecord = z.output<typeof literatureRecordSchema>;
