import { CONFIG_TARGET_NAMES } from '../../domain/provider-config-mutation/provider-names.js';

/** The keys each place of the document knows (docs/configuration.md#the-settings-document). */
const TOP_LEVEL = ['document_kind', 'schema_version', 'revision', 'default_profile', 'providers', 'zotero'];
const PROVIDER_KEYS = ['enabled', 'email', 'api_key_ref'];
/** Under `providers`: every provider and source id, and the names `qiongli config` also takes for them. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(CONFIG_TARGET_NAMES).filter(([, id]) => id !== 'zotero'));

/** Lowercase, without `-`, `_`, spaces and dots: how a typo of a key usually differs. */
const folded = (key: string): string => key.toLowerCase().replace(/[-_ .]/g, '');

/** Levenshtein distance, stopping early once it exceeds `bound` (keys are short: at most 64 characters compared). */
function distance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...row) > bound) return bound + 1;
    previous = row;
  }
  return previous[b.length] ?? bound + 1;
}

/**
 * The known key an unknown one most likely meant, for `qiongli config check`'s "did you mean":
 * the same key once case, `-`, `_`, spaces and dots are set aside (`semanticscholar`,
 * `Semantic-Scholar` → `semantic_scholar`; a name `qiongli config` takes, such as `ncbi`, → its
 * id), else the only known key within two edits (`crosref` → `crossref`, `enable` → `enabled`).
 * `undefined` when nothing is that close, or two keys are.
 */
export function nearMissOf(path: readonly string[], key: string): string | undefined {
  if (key.length > 64) return undefined;
  const names: Readonly<Record<string, string>> =
    path.length === 0
      ? Object.fromEntries(TOP_LEVEL.map((name) => [name, name]))
      : path.length === 1 && path[0] === 'providers'
        ? PROVIDER_NAMES
        : Object.fromEntries(
            (path.length === 2 && path[0] === 'providers' ? PROVIDER_KEYS : path[0] === 'zotero' ? ['enabled'] : []).map((name) => [name, name]),
          );
  const wanted = folded(key);
  const exact = new Set(Object.entries(names).flatMap(([name, id]) => (folded(name) === wanted ? [id] : [])));
  if (exact.size === 1) return [...exact][0];
  const close = new Set(Object.entries(names).flatMap(([name, id]) => (distance(folded(name), wanted, 2) <= 2 ? [id] : [])));
  return close.size === 1 ? [...close][0] : undefined;
}
