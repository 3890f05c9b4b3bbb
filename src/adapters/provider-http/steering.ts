import type { ProviderSearchRequest } from '../../ports/provider-client.port.js';
import { MAX_DOI_BYTES, YEAR_RANGE } from './record-fields.js';

/** The publication years of a query, each bound kept only when it is an integer in 1000–9999. */
export interface YearBounds {
  readonly from?: number;
  readonly to?: number;
}

const isYear = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= YEAR_RANGE.min && value <= YEAR_RANGE.max;

/**
 * The year bounds a provider is asked for (docs/providers.md#steered-requests), or `undefined`
 * when the query sets none. A bound that is not a year of 1000–9999 is left out (the domain
 * has already refused such arguments; nothing else can reach the request).
 */
export function yearBounds(query: Pick<ProviderSearchRequest, 'years'>): YearBounds | undefined {
  const from = isYear(query.years?.from) ? query.years.from : undefined;
  const to = isYear(query.years?.to) ? query.years.to : undefined;
  if (from === undefined && to === undefined) return undefined;
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/**
 * The DOI of a `doi` search as one percent-encoded path segment of a single-work URL, or
 * `undefined` when it cannot be a DOI (not `10.…/…`, over 2 KiB, or not encodable): no request
 * is sent then. Every character but `/`, the unreserved ones (`A–Z a–z 0–9 - . _ ~`) and
 * `! ' ( ) *` is percent-encoded (`?`, `#`, `%`, `@`, `\`, `:`, controls, spaces, non-ASCII), so the DOI can
 * end neither the path nor the URL. A `/` stays as providers document their DOI paths
 * (`/works/10.1000/xyz`), except in a DOI with a `.` or `..` segment, whose every `/` becomes
 * `%2F` — then no dot segment exists that a URL parser could resolve upwards. The host and
 * the path prefix are never touched.
 */
export function doiPathSegment(doi: string): string | undefined {
  if (!/^10\.[^/]*\//u.test(doi) || Buffer.byteLength(doi) > MAX_DOI_BYTES) return undefined;
  const segments = doi.split('/');
  const hasDotSegment = segments.some((segment) => segment === '.' || segment === '..');
  try {
    return segments.map(encodeURIComponent).join(hasDotSegment ? '%2F' : '/');
  } catch {
    return undefined;
  }
}

/** `url` with `params` (already encoded `name=value` pairs) as its query, when there are any. */
export const withQuery = (url: string, params: readonly string[]): string => (params.length === 0 ? url : `${url}?${params.join('&')}`);
