import type { ProviderFailureKind } from '../../src/ports/provider-client.port.js';
import type {
  BibliographicQuery,
  FoundWork,
  LookupAccess,
  LookupResult,
  ReferenceIdentifier,
  ReferenceLookup,
  ReferenceLookupSession,
  ReferenceSourceId,
  UpdateStatus,
} from '../../src/ports/reference-lookup.port.js';

/** What one fake source knows. */
export interface FakeReferenceSource {
  /** The works it holds: looked up by DOI, PMID or arXiv id, and searched by words. */
  readonly works?: readonly FoundWork[];
  /** Crossref only: notices its status lookup answers. */
  readonly statuses?: readonly UpdateStatus[];
  /** Every question fails with this kind. */
  readonly failure?: ProviderFailureKind;
  /** Only these questions fail (`byIdentifier`, `search`, `updateStatus`). */
  readonly failing?: readonly ('byIdentifier' | 'search' | 'updateStatus')[];
  /** Each answer waits this long (ms), so a test can cancel mid-check. */
  readonly delayMs?: number;
}

const words = (text: string | undefined): string[] => (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * In-memory {@link ReferenceLookup} for domain tests. Each source answers from its own works: by
 * identifier exactly (DOI, `identifiers.pmid`, `identifiers.arxiv`), and by search as a search
 * engine does — the works sharing the most words with the query's title (or text), best first,
 * however few words they share, so invented references meet near misses. One request per
 * question; every question is recorded.
 */
export class FakeReferenceLookup implements ReferenceLookup {
  /** Every question: `<source>.<method>(<argument>)`. */
  readonly calls: string[] = [];
  /** Every session opened, with its access. */
  readonly opened: { source: ReferenceSourceId; access: LookupAccess }[] = [];

  constructor(private readonly sources: Partial<Record<ReferenceSourceId, FakeReferenceSource>>) {}

  session(source: ReferenceSourceId, access: LookupAccess): ReferenceLookupSession {
    this.opened.push({ source, access });
    const known = this.sources[source] ?? {};
    let requests = 0;
    const answer = async <T>(method: 'byIdentifier' | 'search' | 'updateStatus', argument: string, value: () => T): Promise<LookupResult<T>> => {
      this.calls.push(`${source}.${method}(${argument})`);
      requests += 1;
      if (known.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, known.delayMs));
      if (access.signal.aborted) return { ok: false, error: 'cancelled' };
      if (known.failure !== undefined && (known.failing === undefined || known.failing.includes(method))) return { ok: false, error: known.failure };
      return { ok: true, value: value() };
    };
    const works = known.works ?? [];
    return {
      byIdentifier: (identifier: ReferenceIdentifier) =>
        answer('byIdentifier', `${identifier.kind}:${identifier.value}`, () =>
          works.find(({ record }) => {
            if (identifier.kind === 'doi') return record.doi?.toLowerCase() === identifier.value;
            return record.identifiers?.[identifier.kind] === identifier.value;
          }),
        ),
      search: (query: BibliographicQuery) =>
        answer('search', query.title ?? query.text ?? '', () => {
          const asked = new Set(words(query.title ?? query.text));
          return works
            .map((work, position) => ({ work, position, shared: new Set(words(work.record.title).filter((word) => asked.has(word))).size }))
            .filter((entry) => entry.shared > 0)
            .sort((a, b) => b.shared - a.shared || a.position - b.position)
            .slice(0, query.limit)
            .map((entry) => entry.work);
        }),
      updateStatus: (dois: readonly string[]) =>
        answer('updateStatus', dois.join(','), () => (known.statuses ?? []).filter((status) => dois.includes(status.doi))),
      requests: () => requests,
    };
  }
}
