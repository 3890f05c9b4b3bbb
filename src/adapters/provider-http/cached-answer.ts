import type { Stepwise } from '../../domain/shared/stepwise.js';
import type { AnswerCache } from './answer-cache.js';
import { providerFailure, success, type ProviderResult } from './provider-failure.js';
import type { PolicyGet, ProviderHttp } from './provider-http.js';

/** Where one session's answers are looked up and kept: its own memory, then the cache its client shares. */
export interface AnswerStores {
  readonly http: ProviderHttp;
  readonly cache: AnswerCache<unknown>;
  readonly memo: Map<string, unknown>;
}

/**
 * One parsed provider answer under `key`: from the session's memory, else from the shared cache
 * while fresh (the session then remembers it), else fetched — `request()` is called only then,
 * so a caller counts and budgets only requests it makes — and parsed in time slices. A 404 is
 * `absent.value` when the caller gave one, else `http_error`. A success is kept in both stores;
 * a failure in neither. Used by the citation graph's and the reference check's sessions.
 */
export async function cachedAnswer<T>(
  stores: AnswerStores,
  key: string,
  request: () => PolicyGet,
  parse: (body: string) => Stepwise<ProviderResult<T>>,
  absent: { readonly value: T } | undefined,
): Promise<ProviderResult<T>> {
  const { http, cache, memo } = stores;
  if (memo.has(key)) return success(memo.get(key) as T);
  const hit = cache.get(key, http.clock.now());
  if (hit !== undefined) {
    memo.set(key, hit);
    return success(hit as T);
  }
  const policy = request();
  const body = await http.fetchText(policy);
  if (!body.ok) return body;
  let value: T;
  if (body.value === undefined) {
    if (absent === undefined) return providerFailure('http_error');
    value = absent.value;
  } else {
    const parsed = await http.parseInSlices(parse(body.value), policy.signal);
    if (!parsed.ok) return parsed;
    value = parsed.value;
  }
  cache.set(key, value, http.clock.now());
  memo.set(key, value);
  return success(value);
}
