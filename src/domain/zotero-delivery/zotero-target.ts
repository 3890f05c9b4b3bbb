import type { ZoteroTarget, ZoteroTargets } from '../../ports/zotero-connector.port.js';
import { failure, success, type Result } from '../shared/result.js';

/** Why a `collection` argument names no single target. */
export type TargetProblem = 'zotero-collection-not-found' | 'zotero-collection-ambiguous' | 'zotero-read-only';

const loose = (name: string): string => name.normalize('NFKC').trim().toLowerCase();

/**
 * The target of a save (docs/zotero.md#target-tags-note): `collection` as a key of the writable
 * targets (`C12`, `L1`), else as a name — exactly, then ignoring case and surrounding spaces —
 * which must name one target only. Without `collection`: the target selected in Zotero when it
 * is writable, else the first writable library (where Zotero's own connector saves then).
 */
export function chooseTarget(collection: string | undefined, found: ZoteroTargets): Result<ZoteroTarget, TargetProblem> {
  const { targets } = found;
  if (collection === undefined) {
    const selected = targets.find((target) => target.key === found.selected.key) ?? targets.find((target) => target.level === 0);
    return selected === undefined ? failure('zotero-read-only') : success(selected);
  }
  const byKey = targets.find((target) => target.key === collection.trim());
  if (byKey !== undefined) return success(byKey);
  for (const same of [(target: ZoteroTarget) => target.name === collection, (target: ZoteroTarget) => loose(target.name) === loose(collection)]) {
    const named = targets.filter(same);
    if (named.length === 1) return success(named[0]!);
    if (named.length > 1) return failure('zotero-collection-ambiguous');
  }
  return failure('zotero-collection-not-found');
}
