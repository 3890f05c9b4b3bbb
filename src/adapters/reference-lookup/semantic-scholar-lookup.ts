import type { BibliographicQuery, FoundWork } from '../../ports/reference-lookup.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { asObject } from '../provider-http/json-fields.js';
import { listOf, objectOf } from '../provider-http/json-shape.js';
import { readJson } from '../provider-http/json-reader.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { headersFor, semanticScholarPaperShape, semanticScholarRecord } from '../provider-http/semantic-scholar-work.js';
import { rowsOf } from './lookup-fields.js';
import { nothing, type LookupContext, type SourceLookup } from './lookup-session.js';

/** The Semantic Scholar title-match endpoint (docs/providers.md#the-reference-check); a constant, never configurable. */
export const SEMANTIC_SCHOLAR_MATCH_ENDPOINT = 'https://api.semanticscholar.org/graph/v1/paper/search/match';

/** The fields a match is asked for: what a record is built from. */
const MATCH_FIELDS = 'title,year,venue,externalIds,authors,url';

/** A match answer (`data[]`, one paper), at most `rows` papers; anything else → `decode_error`. */
const readMatch = (rows: number) =>
  function* (body: string): Stepwise<ProviderResult<readonly FoundWork[]>> {
    const found: FoundWork[] = [];
    const each = (item: unknown): boolean => {
      const paper = asObject(item);
      const record = paper === undefined ? undefined : semanticScholarRecord(paper, {});
      if (record !== undefined) found.push({ record });
      return found.length < rows;
    };
    const answer = asObject(yield* readJson(body, objectOf({ data: listOf(semanticScholarPaperShape({}), { each }) })));
    return Array.isArray(answer?.['data']) ? success(found) : providerFailure('decode_error');
  };

/**
 * Semantic Scholar (docs/providers.md#the-reference-check): `/paper/search/match` of a title
 * (or a reference's text), the one paper it matches best; its "no match" 404 is no candidate. The
 * key travels in `x-api-key` only. It is not asked for identifiers (no request).
 */
export const semanticScholarLookup: SourceLookup = {
  byIdentifier: () => nothing(undefined),

  search(query: BibliographicQuery, context: LookupContext) {
    const text = query.title ?? query.text;
    if (text === undefined) return nothing([]);
    const url = `${SEMANTIC_SCHOLAR_MATCH_ENDPOINT}?query=${encodeURIComponent(text)}&fields=${MATCH_FIELDS}`;
    return context.answer({ url, headers: headersFor(context), notFoundIsEmpty: true }, readMatch(rowsOf(query.limit)), { value: [] });
  },

  updateStatus: () => nothing([]),
};
