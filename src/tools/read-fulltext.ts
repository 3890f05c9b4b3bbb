import { readFullTextInput, readFullTextMessagePrecedence } from '../domain/fulltext/fulltext-input.js';
import { readFullTextOutput } from '../domain/fulltext/fulltext-output.js';
import { readFullText } from '../domain/fulltext/read-fulltext.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { FullTextClientId } from '../ports/fulltext-client.port.js';
import { SealedTokensId } from '../ports/sealed-tokens.port.js';
import { SecretStoreId } from '../ports/secret-store.port.js';
import { TextDigestsId } from '../ports/text-digests.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/**
 * `qiongli_literature_read_fulltext` (docs/tools.md#qiongli_literature_read_fulltext; opt-in in
 * Lite, group fulltext): opens network connections to the full-text sources only (the client is
 * built when a source can serve the work). Passage ids hash with SHA-256, and the page is built
 * in time slices (docs/provider-data.md).
 */
export const readFullTextTool = toolSlice({
  entry: {
    name: 'qiongli_literature_read_fulltext',
    title: 'Read an open-access paper',
    description:
      'Read the open-access full text of a paper (DOI, PMCID, PMID:<n> or arXiv:<id>) from Europe PMC, PubMed Central or arXiv. Sections and a page of passages with stable ids to cite, the SHA-256 and licence; find, section, next_cursor and recheck narrow it. Otherwise status no_open_full_text.',
    group: 'fulltext',
    widenedBy: ['max_chars'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  },
  instruction: { step: "read an open-access paper's sections and passages with qiongli_literature_read_fulltext" },
  useCase: useCaseRecipe(
    'readFullText',
    [ConfigSourceId, SecretStoreId, FullTextClientId, SealedTokensId, TimeSlicesId, TextDigestsId],
    (config, secrets, fullText, tokens, slices, digests) =>
      defineUseCase({
        input: readFullTextInput,
        output: readFullTextOutput,
        messagePrecedence: readFullTextMessagePrecedence,
        execute: (args, context) =>
          readFullText(
            args,
            { config, secrets, fullText, tokens, digest: (text) => digests.sha256Hex(text), pace: (work, signal) => slices.run(work, signal) },
            context,
          ),
      }),
  ),
});
