import { checkReferencesOutput } from '../domain/reference-check/check-output.js';
import { HeldChecks } from '../domain/reference-check/check-cursor.js';
import { needsBibtexParser } from '../domain/reference-check/reference-format.js';
import { checkMessagePrecedence, checkReferencesInput } from '../domain/reference-check/reference-check-input.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { BibliographyParserSourceId, type BibliographyParser } from '../ports/bibliography-parser.port.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { ReferenceLookupId } from '../ports/reference-lookup.port.js';
import { SealedTokensId } from '../ports/sealed-tokens.port.js';
import { SecretStoreId } from '../ports/secret-store.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/** The parser of a call that reads no BibTeX: never asked (the BibTeX parser is loaded only for BibTeX). */
const NO_PARSER: BibliographyParser = { readEntry: () => ({ ok: false, error: 'unreadable' }) };

/**
 * `qiongli_literature_check_references` (docs/tools.md#the-reference-check; opt-in in Lite,
 * group verify): the checking code is imported on the first call (start-up loads only the
 * schemas), the sources are asked through the reference lookup (built on the first question), the
 * BibTeX parser is loaded only for a bibliography in BibTeX, the input is read in time slices, and
 * the finished checks are held (one store per container) so that a cursor's page asks no source
 * again.
 */
export const checkReferencesTool = toolSlice({
  entry: {
    name: 'qiongli_literature_check_references',
    title: 'Check a bibliography',
    description:
      'Check a bibliography against Crossref, OpenAlex, Semantic Scholar, PubMed and arXiv: does each work exist, does the reference describe it correctly, was it retracted or corrected. ' +
      'Returns a summary (counts, look_first), then checks in input order: verdict (verified, mismatch with differences, not_found, ambiguous with candidates, unchecked, unreadable), ' +
      'confidence, the matched record, flags (notice DOI, date) and versions (preprint, version of record); next_cursor for more.',
    group: 'verify',
    inputBudget: 'bulk',
    widenedBy: ['page_size'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  },
  instruction: { step: 'check a bibliography with qiongli_literature_check_references' },
  useCase: useCaseRecipe(
    'checkReferences',
    [ConfigSourceId, SecretStoreId, ReferenceLookupId, BibliographyParserSourceId, SealedTokensId, TimeSlicesId],
    (config, secrets, lookup, parsers, tokens, slices) => {
      const held = new HeldChecks();
      return defineUseCase({
        input: checkReferencesInput,
        output: checkReferencesOutput,
        messagePrecedence: checkMessagePrecedence,
        execute: async (args, context) => {
          const parser = args.cursor === undefined && needsBibtexParser(args.references, args.format) ? await parsers.load() : NO_PARSER;
          const { checkReferences } = await import('../domain/reference-check/check-references.js');
          return checkReferences(args, { config, secrets, lookup, parser, tokens, held, pace: (work, signal) => slices.run(work, signal) }, context);
        },
      });
    },
  ),
});
