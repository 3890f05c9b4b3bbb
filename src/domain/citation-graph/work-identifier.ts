import type { WorkIdentifier } from '../../ports/citation-graph.port.js';
import { normaliseDoi } from '../literature-search/record-keys.js';
import { utf8ByteLength } from '../shared/text-bounds.js';

/** Largest DOI accepted, in UTF-8 bytes (the record's DOI bound). */
const MAX_DOI_BYTES = 2048;

// Any control character, and any whitespace inside: no identifier form holds one.
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f-\u009f\s]/u;

/**
 * The work a graph call names (docs/tools.md#the-citation-graph), in one closed form, or
 * `undefined` when the text is none of them:
 * - `PMID:<digits>` (any case of the prefix);
 * - `arXiv:<id>`, new (`2101.00001`) or old style (`hep-th/9901001`), its version dropped;
 * - an OpenAlex work id `W<digits>`, also as `https://openalex.org/W…`;
 * - a Semantic Scholar paper id: 40 hex digits, or `CorpusId:<digits>`;
 * - a DOI, normalised as a record's DOI is (trimmed, lowercased, one `https://doi.org/`,
 *   `http://doi.org/` or `doi:` removed): `10.<prefix>/<suffix>`, at most 2 KiB.
 * Text with control characters or inner whitespace is none of them.
 */
export function parseWorkIdentifier(text: string): WorkIdentifier | undefined {
  const work = text.trim();
  if (work === '' || CONTROL_OR_SPACE.test(work)) return undefined;
  const pmid = /^pmid:(\d{1,12})$/iu.exec(work);
  if (pmid) return { kind: 'pmid', value: pmid[1]! };
  const arxiv = /^arxiv:((?:\d{4}\.\d{4,5})|(?:[a-z][a-z.-]{0,30}\/\d{7}))(?:v\d{1,3})?$/iu.exec(work);
  if (arxiv) return { kind: 'arxiv', value: arxiv[1]!.toLowerCase() };
  const openalex = /^(?:https:\/\/openalex\.org\/)?([Ww]\d{1,15})$/u.exec(work);
  if (openalex) return { kind: 'openalex', value: openalex[1]!.toUpperCase() };
  if (/^[0-9a-f]{40}$/iu.test(work)) return { kind: 'semantic_scholar', value: work.toLowerCase() };
  const corpus = /^corpusid:(\d{1,12})$/iu.exec(work);
  if (corpus) return { kind: 'semantic_scholar', value: `CorpusId:${corpus[1]!}` };
  const doi = normaliseDoi(work);
  if (doi === undefined || !/^10\.[^/]+\/.+$/u.test(doi) || utf8ByteLength(doi) > MAX_DOI_BYTES) return undefined;
  return { kind: 'doi', value: doi };
}

/** The identifier as one canonical string (`doi:10.…`, `openalex:W…`), what a cursor is bound to. */
export const workKey = (work: WorkIdentifier): string => `${work.kind}:${work.value}`;
