/** Search modes a plan accepts (docs/tools.md#6-qiongli_search_plan); literature search uses the first, second, fifth and sixth. */
export const SEARCH_MODES = ['auto', 'topic', 'title', 'doi', 'review', 'systematic_review'] as const;

/** One search mode. */
export type SearchMode = (typeof SEARCH_MODES)[number];

/** The mode of a plan whose request names none. */
export const DEFAULT_SEARCH_MODE: SearchMode = 'topic';
