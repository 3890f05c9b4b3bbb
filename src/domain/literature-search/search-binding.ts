import type { LiteratureSearchArguments, SearchLimits } from './literature-search-input.js';
import type { ResultOptions } from './merge-search-results.js';

/**
 * What a search's cursors are sealed for (docs/tools.md#paging-a-search): the tool and every
 * argument that shapes its merged list — the trimmed query, the mode, the providers asked for
 * (as a set), both limits after defaults, the years, the venue filter, abstracts and the sort.
 * `page_size`, `include_plan` and `cursor` are left out: each page may choose its own size and
 * plan. A cursor sent with any other value of the rest does not open (invalid arguments, one
 * static message: search again).
 */
export function searchBinding(args: LiteratureSearchArguments, limits: SearchLimits, results: ResultOptions): string {
  const providers = args.providers === undefined ? null : [...args.providers].sort();
  return `qiongli.search.v1:${JSON.stringify([
    args.query.trim(),
    args.search_mode,
    providers,
    limits.perProvider,
    limits.total,
    results.years?.from ?? null,
    results.years?.to ?? null,
    results.venue ?? null,
    results.includeAbstracts === true,
    results.sort ?? 'relevance',
  ])}`;
}
