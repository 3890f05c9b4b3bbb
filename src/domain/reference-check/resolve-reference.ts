import type { ProviderFailureKind } from '../../ports/provider-client.port.js';
import type { BibliographicQuery, FoundWork, LookupResult, ReferenceLookupSession, ReferenceSourceId } from '../../ports/reference-lookup.port.js';
import { CandidatePool, type Candidate } from './candidates.js';
import { identifiersOf } from './given-reference.js';
import { scoreCandidate, type PreparedReference } from './match-score.js';
import { isSameWork } from './verdict.js';

/** One source as a check uses it: its session and what was asked of it. */
export class SourceUse {
  asked = 0;
  failed = 0;
  lastError: ProviderFailureKind | undefined;

  constructor(
    readonly source: ReferenceSourceId,
    readonly session: ReferenceLookupSession,
  ) {}

  /** Asks one question, counting it and its failure. */
  async ask<T>(question: (session: ReferenceLookupSession) => Promise<LookupResult<T>>): Promise<LookupResult<T>> {
    this.asked += 1;
    const answer = await question(this.session);
    if (!answer.ok) {
      this.failed += 1;
      this.lastError = answer.error;
    }
    return answer;
  }
}

/** Which source looks up which identifier (DOI at both single-work lookups that cost nothing). */
const LOOKUPS: Readonly<Record<'doi' | 'pmid' | 'arxiv', readonly ReferenceSourceId[]>> = { doi: ['crossref', 'openalex'], pmid: ['pubmed'], arxiv: ['arxiv'] };

/** The search tiers: the three general sources together, then PubMed and arXiv when they found no match. */
const SEARCH_TIERS: readonly (readonly ReferenceSourceId[])[] = [
  ['crossref', 'openalex', 'semantic_scholar'],
  ['pubmed', 'arxiv'],
];

/** Candidates asked of each source per search. */
const CANDIDATES_PER_SEARCH = 5;

/** Characters of a plain-text reference sent as a search. */
const QUERY_TEXT_CHARACTERS = 512;

/** What resolving one reference found: the candidates, and which sources were asked and answered. */
export interface Resolution {
  readonly candidates: Candidate[];
  readonly asked: ReadonlySet<ReferenceSourceId>;
  readonly answered: ReadonlySet<ReferenceSourceId>;
}

/** The search a reference is looked for by. */
function queryOf({ given }: PreparedReference): BibliographicQuery {
  return {
    ...(given.title === undefined ? {} : { title: given.title }),
    ...(given.firstAuthor === undefined ? {} : { firstAuthor: given.firstAuthor }),
    ...(given.year === undefined ? {} : { year: given.year }),
    ...(given.text === undefined ? {} : { text: given.text.slice(0, QUERY_TEXT_CHARACTERS) }),
    limit: CANDIDATES_PER_SEARCH,
  };
}

const found = (reference: PreparedReference, candidates: readonly Candidate[]): boolean =>
  candidates.some((candidate) => {
    const score = scoreCandidate(reference, candidate);
    return isSameWork(reference, candidate, score) && (score.agreeing > 0 || reference.given.title === undefined);
  });

/**
 * Resolves one reference (docs/tools.md#the-reference-check, "Plan"): its
 * identifiers first — a DOI at Crossref and OpenAlex, a PMID at PubMed, an arXiv id at arXiv,
 * all at once; when they resolve to the work the reference describes, nothing else is asked.
 * Otherwise (and when the reference has a title or a text) a bibliographic search at Crossref,
 * OpenAlex and Semantic Scholar together, then at PubMed and arXiv only if no match was found.
 * Only `uses` (the sources the call may ask) are asked; an aborted signal stops between stages.
 */
export async function resolveReference(
  reference: PreparedReference,
  uses: ReadonlyMap<ReferenceSourceId, SourceUse>,
  signal: AbortSignal,
): Promise<Resolution> {
  const pool = new CandidatePool();
  const asked = new Set<ReferenceSourceId>();
  const answered = new Set<ReferenceSourceId>();
  // Questions run at once; their answers are taken in a fixed order, so merging never depends on timing.
  const ask = async (
    questions: readonly { source: ReferenceSourceId; question: (session: ReferenceLookupSession) => Promise<LookupResult<readonly FoundWork[]>> }[],
    viaIdentifier: boolean,
  ) => {
    const posed = questions.filter(({ source }) => uses.has(source));
    const answers = await Promise.all(posed.map(({ source, question }) => uses.get(source)!.ask(question)));
    posed.forEach(({ source }, index) => {
      asked.add(source);
      const answer = answers[index]!;
      if (!answer.ok) return;
      answered.add(source);
      for (const work of answer.value.slice(0, CANDIDATES_PER_SEARCH)) pool.add({ source, work, viaIdentifier });
    });
  };
  const single = (found: LookupResult<FoundWork | undefined>): LookupResult<readonly FoundWork[]> =>
    found.ok ? { ok: true, value: found.value === undefined ? [] : [found.value] } : found;
  await ask(
    identifiersOf(reference.given).flatMap((identifier) =>
      LOOKUPS[identifier.kind].map((source) => ({ source, question: (session: ReferenceLookupSession) => session.byIdentifier(identifier).then(single) })),
    ),
    true,
  );
  const candidates = pool.candidates;
  const searchable = reference.given.title !== undefined || reference.given.text !== undefined;
  if (!searchable || found(reference, candidates)) return { candidates, asked, answered };
  const query = queryOf(reference);
  for (const tier of SEARCH_TIERS) {
    if (signal.aborted) break;
    await ask(
      tier.map((source) => ({ source, question: (session: ReferenceLookupSession) => session.search(query) })),
      false,
    );
    if (found(reference, candidates)) break;
  }
  return { candidates, asked, answered };
}
