import { searchLiterature } from '../domain/literature-search/literature-search.js';
import { literatureSearchInput, literatureSearchMessagePrecedence } from '../domain/literature-search/literature-search-input.js';
import { literatureSearchOutput } from '../domain/literature-search/literature-search-output.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { ProviderClientId } from '../ports/provider-client.port.js';
import { SecretStoreId } from '../ports/secret-store.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { SealedTokensId } from '../ports/sealed-tokens.port.js';
import { HeldSearchLists } from '../domain/literature-search/search-pages.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/**
 * `qiongli_literature_search` (docs/tools.md#7-qiongli_literature_search, docs/providers.md):
 * searches the ready providers; the merge of up to 1000 records runs in time slices
 * (docs/provider-data.md). The provider client is built only when a search attempts a provider.
 */
export const literatureSearchTool = toolSlice({
  entry: {
    name: 'qiongli_literature_search',
    title: 'Search the scholarly literature',
    description:
      'Search the ready providers (OpenAlex, Semantic Scholar, Crossref, PubMed, arXiv) at once; duplicates merged, ranked by relevance. Steer with from_year/to_year, venue_filter, search_mode (title, doi), sort, include_abstracts. ' +
      'Answers one page of records (page_size; next_cursor reads on without searching again), total_results, diagnostics and a compact plan. Check retracted before citing.',
    group: 'literature',
    widenedBy: ['page_size', 'include_plan'],
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  instruction: { step: 'search with qiongli_literature_search' },
  useCase: useCaseRecipe(
    'literatureSearch',
    [ConfigSourceId, SecretStoreId, ProviderClientId, TimeSlicesId, SealedTokensId],
    (config, secrets, providers, slices, tokens) => {
      // The merged lists its cursors page through, held for this use case (one per process).
      const paging = { tokens, lists: new HeldSearchLists(Date.now) };
      return defineUseCase({
        input: literatureSearchInput,
        output: literatureSearchOutput,
        messagePrecedence: literatureSearchMessagePrecedence,
        execute: (args, context) => searchLiterature(args, { config, secrets, providers, pace: (work, signal) => slices.run(work, signal), paging }, context),
      });
    },
  ),
});
