import { json, type LoopbackAnswer, type LoopbackRoute } from './loopback-graph.js';
import { providerFixture } from './graph-world.js';

/**
 * The reference check's sources as one world of real bodies (test/fixtures/providers/, see its
 * README), served by the loopback (test/support/loopback-graph.ts) to every request form the
 * reference lookups send (docs/providers.md#the-reference-check):
 *
 * - Crossref `/works/<doi>`: the single-work fixtures, and every item of the two real work lists
 *   in the single-work envelope (as `crossref-work-doi.json` was built); `filter=doi:` lists the
 *   known works asked; `filter=updates:` the Lancet's retraction notice when its work is asked;
 *   `query.bibliographic` the works sharing words with the query, most first.
 * - OpenAlex `/works/doi:` the two real works; `search` those sharing words.
 * - Semantic Scholar `/paper/search/match`: the real paper whose title holds most of the query's
 *   words (at least 60 %), else the 404 "no match".
 * - PubMed esummary of the real summaries by id; esearch `[ti]` the ids of those sharing words.
 * - arXiv `id_list` the real entry with that id, searches the entries sharing words (cut out of
 *   the real feed, its header kept).
 */
export const REFERENCE_WORLD = {
  retractedDoi: '10.1016/s0140-6736(97)11096-0',
  retractedPmid: '9500320',
  chemcrowDoi: '10.1038/s42256-024-00832-8',
  chemcrowPreprintDoi: '10.48550/arxiv.2304.05376',
  forecastTrapDoi: '10.1111/ele.14024',
  arxivId: '2202.12139',
} as const;

/**
 * A BibTeX bibliography of six references to the world's works: verified (retracted and corrected;
 * with a version of record's preprint; an arXiv preprint of a version of record; through its PMID),
 * a wrong year, an invented work.
 */
export const WORLD_BIBLIOGRAPHY = `
@article{wakefield1998,
  title = {Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children},
  author = {Wakefield, A. J.},
  journal = {The Lancet}, year = {1998}, doi = {10.1016/S0140-6736(97)11096-0}
}
@article{bran2024,
  title = {Augmenting large language models with chemistry tools},
  author = {Bran, Andres M. and Cox, Sam and Schwaller, Philippe},
  journal = {Nature Machine Intelligence}, year = {2024}, doi = {10.1038/s42256-024-00832-8}
}
@article{boettiger2015,
  title = {The forecast trap}, author = {Boettiger, Carl}, journal = {Ecology Letters}, year = {2015}
}
@article{doe2021,
  title = {Robust graph neural networks for protein folding under distribution shift},
  author = {Doe, Jane}, journal = {Ecology Letters}, year = {2021}
}
@misc{testing2022,
  title = {Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques},
  author = {Ahuja, Mohit Kumar}, year = {2022}, eprint = {2202.12139}, archiveprefix = {arXiv}
}
@article{wakefield-pmid,
  title = {Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children},
  author = {Wakefield, AJ}, year = {1998}, pmid = {9500320}
}
`;

const parsed = (name: string): any => JSON.parse(providerFixture(name));
const words = (text: unknown): string[] =>
  String(text ?? '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];
const lowerDoi = (doi: unknown): string =>
  String(doi ?? '')
    .toLowerCase()
    .replace(/^https:\/\/doi\.org\//u, '');

/** The items sharing most words with `query` (at least one), most first, at most `rows`. */
function ranked<T>(items: readonly T[], titleOf: (item: T) => unknown, query: string, rows: number): T[] {
  const asked = new Set(words(query));
  return items
    .map((item, position) => ({ item, position, shared: new Set(words(titleOf(item)).filter((word) => asked.has(word))).size }))
    .filter((entry) => entry.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.position - b.position)
    .slice(0, rows)
    .map((entry) => entry.item);
}

const workEnvelope = (work: unknown) => ({ status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: work });
const listEnvelope = (items: readonly unknown[]) => ({
  status: 'ok',
  'message-type': 'work-list',
  'message-version': '1.0.0',
  message: { 'total-results': items.length, items },
});

class World {
  readonly crossref: any[] = [
    parsed('crossref-work-retracted.json').message,
    parsed('crossref-work-has-preprint.json').message,
    ...parsed('crossref-works-query-author.json').message.items,
    ...parsed('crossref-works-query.json').message.items,
  ];
  readonly notices: any[] = parsed('crossref-works-updates-retraction.json').message.items;
  readonly openalex: any[] = parsed('openalex-works-title-search.json').results;
  readonly papers: any[] = parsed('semanticscholar-paper-search.json').data;
  readonly summaries: any[] = ['pubmed-esummary.json', 'pubmed-esummary-compact-single.json', 'pubmed-esummary-retracted.json'].flatMap((name) => {
    const { result } = parsed(name);
    return (result.uids as string[]).map((uid) => result[uid]);
  });
  readonly esearch = parsed('pubmed-esearch.json');
  readonly feed = providerFixture('arxiv-search-atom.xml');
  readonly entries = [...this.feed.matchAll(/<entry>[\s\S]*?<\/entry>/gu)].map((match) => match[0]);

  crossrefAnswer(url: URL): LoopbackAnswer | undefined {
    const single = /^\/works\/(.+)$/u.exec(url.pathname);
    if (single) {
      const work = this.crossref.find((item) => lowerDoi(item.DOI) === decodeURIComponent(single[1]!).toLowerCase());
      return work === undefined ? undefined : json(workEnvelope(work));
    }
    const filter = url.searchParams.get('filter');
    if (filter?.startsWith('doi:')) {
      const asked = new Set(filter.split(',').map((part) => part.slice('doi:'.length)));
      return json(listEnvelope(this.crossref.filter((item) => asked.has(lowerDoi(item.DOI)))));
    }
    if (filter?.startsWith('updates:')) {
      const asked = new Set(filter.split(',').map((part) => part.slice('updates:'.length)));
      return json(listEnvelope(this.notices.filter((notice) => notice['update-to'].some((update: any) => asked.has(lowerDoi(update.DOI))))));
    }
    const query = url.searchParams.get('query.bibliographic') ?? '';
    return json(listEnvelope(ranked(this.crossref, (item) => item.title?.[0], query, Number(url.searchParams.get('rows') ?? 20))));
  }

  openAlexAnswer(url: URL): LoopbackAnswer | undefined {
    const single = /^\/works\/doi:(.+)$/u.exec(url.pathname);
    if (single) {
      const work = this.openalex.find((item) => lowerDoi(item.doi) === decodeURIComponent(single[1]!).toLowerCase());
      return work === undefined ? undefined : json(work);
    }
    const results = ranked(this.openalex, (item) => item.display_name, url.searchParams.get('search') ?? '', Number(url.searchParams.get('per_page') ?? 25));
    return json({ meta: { count: results.length }, results });
  }

  semanticScholarAnswer(url: URL): LoopbackAnswer {
    const query = words(url.searchParams.get('query'));
    const [best] = ranked(this.papers, (paper) => paper.title, query.join(' '), 1);
    const shared = best === undefined ? 0 : new Set(words(best.title).filter((word) => query.includes(word))).size;
    return best === undefined || shared < 0.6 * new Set(query).size
      ? json({ error: 'Title match not found' }, 404)
      : json({ data: [{ ...best, matchScore: 100 + shared }] });
  }

  pubMedAnswer(url: URL): LoopbackAnswer {
    if (url.pathname.endsWith('esummary.fcgi')) {
      const ids = (url.searchParams.get('id') ?? '').split(',');
      const found = ids.flatMap((id) => this.summaries.filter((summary) => summary.uid === id));
      return json({
        header: { type: 'esummary', version: '0.3' },
        result: Object.fromEntries([['uids', found.map((summary) => summary.uid)], ...found.map((summary) => [summary.uid, summary])]),
      });
    }
    const term = (url.searchParams.get('term') ?? '').replace(/\[ti\]$/u, '');
    const ids = ranked(this.summaries, (summary) => summary.title, term, Number(url.searchParams.get('retmax') ?? 20)).map((summary) => summary.uid);
    return json({ ...this.esearch, esearchresult: { ...this.esearch.esearchresult, count: String(ids.length), retmax: String(ids.length), idlist: ids } });
  }

  arxivAnswer(url: URL): LoopbackAnswer {
    const id = url.searchParams.get('id_list');
    const entryId = (entry: string) => /<id>https?:\/\/arxiv\.org\/abs\/(.+?)(?:v\d+)?<\/id>/u.exec(entry)?.[1];
    const entryTitle = (entry: string) => /<title>([\s\S]*?)<\/title>/u.exec(entry)?.[1];
    const kept =
      id !== null
        ? this.entries.filter((entry) => entryId(entry) === id)
        : ranked(
            this.entries,
            entryTitle,
            (url.searchParams.get('search_query') ?? '').replace(/^(?:ti|all):/u, ''),
            Number(url.searchParams.get('max_results') ?? 10),
          );
    const head = this.feed.slice(0, this.feed.indexOf('<entry>'));
    return { status: 200, body: `${head}${kept.join('\n  ')}\n</feed>\n`, type: 'application/atom+xml' };
  }
}

/** Answers every request of the reference lookups from the world of real bodies; anything else → 404. */
export function referenceWorldRoute(): LoopbackRoute {
  const world = new World();
  return ({ host, url }) => {
    if (host === 'api.crossref.org') return world.crossrefAnswer(url);
    if (host === 'api.openalex.org') return world.openAlexAnswer(url);
    if (host === 'api.semanticscholar.org' && url.pathname === '/graph/v1/paper/search/match') return world.semanticScholarAnswer(url);
    if (host === 'eutils.ncbi.nlm.nih.gov') return world.pubMedAnswer(url);
    if (host === 'export.arxiv.org') return world.arxivAnswer(url);
    return undefined;
  };
}
