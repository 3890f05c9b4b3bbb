import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './built-program.js';
import { json, type LoopbackAnswer, type LoopbackRoute } from './loopback-graph.js';

/**
 * Provider answers for the citation-graph tests, served by the loopback (test/support/loopback-graph.ts).
 *
 * - {@link realGraphRoute} answers from the recorded and documentation-derived bodies of
 *   test/fixtures/graph/ and test/fixtures/providers/ (see their READMEs): each source alone, on
 *   the work its bodies are about.
 * - {@link SyntheticWorld} is one consistent citation world (a seed work, its references and
 *   citations, each known to some sources, listed in a different order by each), every answer
 *   built from a real body's item as template with the identifying fields replaced: what merging
 *   across sources and paging need, which no recording holds.
 */

const fixture = (folder: string, name: string): string => readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', folder, name), 'utf8');
export const graphFixture = (name: string): string => fixture('graph', name);
export const providerFixture = (name: string): string => fixture('providers', name);

const parsed = <T = any>(text: string): T => JSON.parse(text) as T;
const EMPTY_PAGE = () => providerFixture('openalex-works-empty-page.json');

/** The real works: W3046863325 (doi 10.1145/3383583.3398584) cites 6, is cited by 5 (recorded 2025-11-17). */
export const REAL = {
  openalexWork: 'W3046863325',
  openalexDoi: '10.1145/3383583.3398584',
  s2Doi: '10.48550/arxiv.2503.23674',
  opencitationsReferencesDoi: '10.7717/peerj-cs.421',
  opencitationsCitationsDoi: '10.1108/jd-12-2013-0166',
  crossrefDoi: '10.1111/ele.14024',
} as const;

/** Answers every graph request of the "each source alone" tests from the real bodies; anything else → 404 / `[]`. */
export function realGraphRoute(): LoopbackRoute {
  const batch = parsed(graphFixture('openalex-works-openalex-batch.json')).results as any[];
  const s2Paper = parsed(providerFixture('semanticscholar-paper-doi.json'));
  return ({ host, url }) => {
    const path = decodeURIComponent(url.pathname);
    if (host === 'api.openalex.org') {
      const single = /^\/works\/(W\d+|doi:.+)$/u.exec(path)?.[1]?.toLowerCase();
      if (single !== undefined) {
        const work = batch.find(
          (candidate) => `w${candidate.id.split('/W')[1]}` === single || `doi:${candidate.doi.replace('https://doi.org/', '')}` === single,
        );
        return work === undefined ? undefined : json(work);
      }
      const filter = url.searchParams.get('filter') ?? '';
      if (filter.startsWith('openalex:')) return { status: 200, body: graphFixture('openalex-works-cited-by.json'), type: 'application/json' };
      if (filter.startsWith(`cites:${REAL.openalexWork}`))
        return url.searchParams.get('cursor') === '*' ? json(graphFixture('openalex-works-cites-page.json')) : json(EMPTY_PAGE());
      return undefined;
    }
    if (host === 'api.semanticscholar.org') {
      if (path.toLowerCase() === `/graph/v1/paper/doi:${REAL.s2Doi}`) return json(s2Paper);
      if (path === `/graph/v1/paper/${s2Paper.paperId}/citations`)
        return json({ offset: 0, data: [parsed(graphFixture('semanticscholar-citation-item.json'))] });
      if (path === `/graph/v1/paper/${s2Paper.paperId}/references`)
        return json({ offset: 0, data: [parsed(graphFixture('semanticscholar-reference-item.json'))] });
      return undefined;
    }
    if (host === 'api.opencitations.net') {
      if (path === `/index/v2/references/doi:${REAL.opencitationsReferencesDoi}`) return json(graphFixture('opencitations-references.json'));
      if (path === `/index/v2/citations/doi:${REAL.opencitationsCitationsDoi}`) return json(graphFixture('opencitations-citations.json'));
      return json([]);
    }
    if (host === 'api.crossref.org' && path === `/works/${REAL.crossrefDoi}`) return json(providerFixture('crossref-work-doi.json'));
    return undefined;
  };
}

/** Which works each source knows, in the order it lists them (indexes into the world's works). */
export interface SourceLists {
  readonly openalex?: readonly number[];
  readonly semantic_scholar?: readonly number[];
  readonly opencitations?: readonly number[];
  readonly crossref?: readonly number[];
}

/**
 * A fault a host answers with instead of its body: HTTP 429 (a `Retry-After` too long to wait),
 * no answer at all, a body just over the 4 MiB bound, or a hostile body just under it (4 MiB of
 * minimal records: the costliest shape per byte a parser meets).
 */
export type Fault = 'rate_limited' | 'hang' | 'oversize' | 'hostile';

/** The seed work's identifiers in the synthetic world. */
export const SEED = { doi: '10.5555/seed', openalex: 'W7000000000', s2: 'a'.repeat(40) } as const;

const pad = (index: number) => String(index).padStart(4, '0');
/** The identifiers and facts of world work `index`. */
export const worldWork = (index: number) => ({
  doi: `10.5555/w.${pad(index)}`,
  openalex: `W7${pad(index).padStart(9, '0')}`,
  s2: index.toString(16).padStart(40, 'b'),
  title: `World work ${pad(index)}: a study of citation graphs`,
  year: 2000 + (index % 25),
  cited: index * 3,
});

/** `head`, as many `unit`s as fit under `bound` bytes (default 4 MiB), `tail`. */
export function hostileBody(head: string, unit: (index: number) => string, tail: string, bound = 4 * 1024 * 1024): string {
  const parts = [head];
  let size = head.length + tail.length;
  for (let index = 0; size < bound - 200; index++) {
    const text = `${index === 0 ? '' : ','}${unit(index)}`;
    parts.push(text);
    size += text.length;
  }
  return parts.join('') + tail;
}

/** Whether a request asks for edges (a list), not for one work. */
function isEdgeRequest(host: string, url: URL): boolean {
  if (host === 'api.openalex.org') return url.searchParams.has('filter');
  if (host === 'api.semanticscholar.org') return /\/(references|citations)$/u.test(url.pathname);
  return true;
}

/** A synthetic, consistent citation world (see the module note). */
export class SyntheticWorld {
  private readonly openalexTemplate = parsed(providerFixture('openalex-work-doi.json'));
  private readonly s2Template = parsed(graphFixture('semanticscholar-citation-item.json'));
  private readonly ocTemplate = parsed<any[]>(graphFixture('opencitations-citations.json'))[0];
  /** Faults of every request to a host. */
  readonly faults: Map<string, Fault> = new Map();
  /** Faults of the edge (list) requests of a host only: the work still resolves. */
  readonly edgeFaults: Map<string, Fault> = new Map();

  constructor(
    readonly citations: SourceLists,
    readonly references: SourceLists = {},
  ) {}

  private openalexWork(index: number | 'seed'): unknown {
    const facts = index === 'seed' ? { doi: SEED.doi, openalex: SEED.openalex, title: 'The seed work', year: 1999, cited: 0 } : worldWork(index);
    return {
      ...this.openalexTemplate,
      id: `https://openalex.org/${facts.openalex}`,
      doi: `https://doi.org/${facts.doi}`,
      title: facts.title,
      display_name: facts.title,
      publication_year: facts.year,
      cited_by_count: facts.cited,
      ids: { openalex: `https://openalex.org/${facts.openalex}`, doi: `https://doi.org/${facts.doi}` },
      referenced_works: index === 'seed' ? (this.references.openalex ?? []).map((i) => `https://openalex.org/${worldWork(i).openalex}`) : [],
      referenced_works_count: index === 'seed' ? (this.references.openalex ?? []).length : 0,
    };
  }

  private s2Item(index: number, paperKey: 'citingPaper' | 'citedPaper'): unknown {
    const facts = worldWork(index);
    const { citingPaper, ...edge } = this.s2Template;
    return {
      ...edge,
      [paperKey]: {
        ...citingPaper,
        paperId: facts.s2,
        externalIds: { DOI: facts.doi.toUpperCase(), CorpusId: index },
        title: facts.title,
        year: facts.year,
        citationCount: facts.cited,
      },
    };
  }

  private ocEntry(index: number, direction: 'references' | 'citations'): unknown {
    const facts = worldWork(index);
    const other = `omid:br/0610${pad(index)} doi:${facts.doi} openalex:${facts.openalex}`;
    const seed = `omid:br/06109999 doi:${SEED.doi}`;
    return direction === 'citations'
      ? { ...this.ocTemplate, citing: other, cited: seed, creation: `${facts.year}-06-01`, timespan: 'P1Y0M0D' }
      : { ...this.ocTemplate, citing: seed, cited: other, creation: '2030-06-01', timespan: `P${2030 - facts.year}Y0M0D` };
  }

  /** The route answering every graph request of this world (faults first). */
  readonly route: LoopbackRoute = ({ host, url }): LoopbackAnswer | undefined => {
    const fault = this.faults.get(host) ?? (isEdgeRequest(host, url) ? this.edgeFaults.get(host) : undefined);
    if (fault === 'hang') return 'hang';
    if (fault === 'rate_limited') return { status: 429, headers: { 'retry-after': '120' } };
    if (fault === 'hostile' || fault === 'oversize') return this.hostile(host, fault === 'oversize' ? 4 * 1024 * 1024 + 4096 : undefined);
    const path = decodeURIComponent(url.pathname);
    if (host === 'api.openalex.org') return this.openalex(path, url);
    if (host === 'api.semanticscholar.org') return this.semanticScholar(path, url);
    if (host === 'api.opencitations.net') {
      const [, direction, id] = /^\/index\/v2\/(references|citations)\/(.+)$/u.exec(path) ?? [];
      if (id !== `doi:${SEED.doi}`) return json([]);
      return json((this[direction as 'references' | 'citations'].opencitations ?? []).map((i) => this.ocEntry(i, direction as 'references' | 'citations')));
    }
    if (host === 'api.crossref.org') {
      if (path !== `/works/${SEED.doi}`) return undefined;
      const reference = (this.references.crossref ?? []).map((i) => ({ key: `ref${i}`, 'doi-asserted-by': 'publisher', DOI: worldWork(i).doi }));
      return json({
        status: 'ok',
        'message-type': 'work',
        message: { DOI: SEED.doi, title: ['The seed work'], 'reference-count': reference.length, reference },
      });
    }
    return undefined;
  };

  private openalex(path: string, url: URL): LoopbackAnswer | undefined {
    const single = /^\/works\/(W\d+|doi:.+)$/u.exec(path)?.[1];
    if (single !== undefined) {
      if (single === SEED.openalex || single === `doi:${SEED.doi}`) return json(this.openalexWork('seed'));
      const index = [...Array(10_000).keys()].find((i) => single === worldWork(i).openalex || single === `doi:${worldWork(i).doi}`);
      return index === undefined ? undefined : json(this.openalexWork(index));
    }
    const filter = url.searchParams.get('filter') ?? '';
    if (filter.startsWith('openalex:')) {
      const wanted = new Set(filter.slice('openalex:'.length).split(',')[0]!.split('|'));
      const results = (this.references.openalex ?? []).filter((i) => wanted.has(worldWork(i).openalex)).map((i) => this.openalexWork(i));
      return json({ meta: { count: results.length, next_cursor: null }, results });
    }
    if (!filter.startsWith(`cites:${SEED.openalex}`)) return undefined;
    const list = this.citations.openalex ?? [];
    const cursor = url.searchParams.get('cursor') ?? '*';
    const page = cursor === '*' ? 0 : Number(cursor.slice(1));
    const results = list.slice(page * 100, page * 100 + 100).map((i) => this.openalexWork(i));
    const next = results.length === 0 ? null : `c${page + 1}`;
    return json({ meta: { count: list.length, per_page: 100, next_cursor: next }, results });
  }

  private semanticScholar(path: string, url: URL): LoopbackAnswer | undefined {
    if (path === `/graph/v1/paper/DOI:${SEED.doi}` || path === `/graph/v1/paper/${SEED.s2}`) {
      return json({ paperId: SEED.s2, externalIds: { DOI: SEED.doi }, title: 'The seed work', year: 1999, referenceCount: 0, citationCount: 0 });
    }
    const [, direction] = new RegExp(`^/graph/v1/paper/${SEED.s2}/(references|citations)$`, 'u').exec(path) ?? [];
    if (direction === undefined) return undefined;
    const list = this[direction as 'references' | 'citations'].semantic_scholar ?? [];
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const data = list.slice(offset, offset + limit).map((i) => this.s2Item(i, direction === 'citations' ? 'citingPaper' : 'citedPaper'));
    return json({ offset, ...(offset + limit < list.length ? { next: offset + limit } : {}), data });
  }

  private hostile(host: string, bound?: number): LoopbackAnswer {
    if (host === 'api.opencitations.net') return json(hostileBody('[', (i) => `{"citing":"doi:10.1/${i}","cited":"doi:10.2/x"}`, ']', bound));
    if (host === 'api.semanticscholar.org') return json(hostileBody('{"data":[', (i) => `{"citingPaper":{"title":"T ${i}"}}`, ']}', bound));
    return json(hostileBody('{"results":[', (i) => `{"display_name":"T ${i}","publication_year":2021}`, ']}', bound));
  }
}
