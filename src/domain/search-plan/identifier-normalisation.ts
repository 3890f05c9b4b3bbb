/**
 * Identifier normalisation for platform and native tool names (docs/tools.md#6-qiongli_search_plan): trim; every run
 * of whitespace, `-` or `_` becomes one `_`, a leading run is dropped; lowercase; one trailing
 * `_` dropped. `Claude Code` → `claude_code`; `CLAUDE--web  search_` → `claude_web_search`.
 * Idempotent. A name made only of separators normalises to the empty string.
 */
export function normaliseIdentifier(value: string): string {
  const collapsed = value
    .trim()
    .replace(/[\s_-]+/g, '_')
    .toLowerCase();
  const withoutLeading = collapsed.startsWith('_') ? collapsed.slice(1) : collapsed;
  return withoutLeading.endsWith('_') ? withoutLeading.slice(0, -1) : withoutLeading;
}

/**
 * What a `platform` argument must look like (docs/tools.md#6-qiongli_search_plan): after trimming, it starts with an
 * ASCII letter or digit and holds only ASCII letters, digits, space, `_` and `-`. Written so that
 * surrounding whitespace is allowed and matching stays linear in the input length.
 */
export const PLATFORM_PATTERN = /^\s*[A-Za-z0-9](?:[A-Za-z0-9 _-]*[A-Za-z0-9_-])?\s*$/;

/** The platform a plan names when the client did not say. */
export const UNKNOWN_PLATFORM = 'unknown';

/**
 * The native search tool assumed when native search is available and the client named no tool:
 * chosen from the normalised platform (docs/tools.md#6-qiongli_search_plan).
 */
export function defaultNativeSearchTool(platform: string): string {
  switch (platform) {
    case 'codex':
      return 'codex_web_search';
    case 'claude':
    case 'claude_code':
    case 'claudecode':
      return 'claude_web_search';
    case 'antigravity':
      return 'antigravity_search';
    default:
      return 'platform_native_search';
  }
}
