import { parsePassageId, type Passage } from './passage-ids.js';

/** What re-reading says of a recorded passage id. */
type RecheckStatus = 'unchanged' | 'moved' | 'changed' | 'missing';

/** The verdict on one recorded id; `current_id` names the passage now standing for it. */
export interface RecheckVerdict {
  readonly id: string;
  readonly status: RecheckStatus;
  readonly current_id?: string;
}

/**
 * Checks recorded passage ids against the document as it reads now (docs/tools.md#passage-ids):
 * `unchanged` — the same id exists (same place, same text); `moved` — a passage with the same
 * text hash exists elsewhere; `changed` — the place exists but holds another text (its new id
 * is given); `missing` — neither. Ids are checked in the order given, each once.
 */
export function recheckPassages(ids: readonly string[], passages: readonly Passage[]): RecheckVerdict[] {
  const byId = new Set(passages.map((passage) => passage.id));
  const byHash = new Map<string, string>();
  const byPlace = new Map<string, string>();
  for (const passage of passages) {
    if (!byHash.has(passage.hash)) byHash.set(passage.hash, passage.id);
    byPlace.set(`${passage.sectionId}-p${passage.position}`, passage.id);
  }
  return [...new Set(ids)].map((id): RecheckVerdict => {
    if (byId.has(id)) return { id, status: 'unchanged' };
    const parts = parsePassageId(id);
    const moved = parts === undefined ? undefined : byHash.get(parts.hash);
    if (moved !== undefined) return { id, status: 'moved', current_id: moved };
    const changed = parts === undefined ? undefined : byPlace.get(`${parts.sectionId}-p${parts.position}`);
    return changed === undefined ? { id, status: 'missing' } : { id, status: 'changed', current_id: changed };
  });
}
