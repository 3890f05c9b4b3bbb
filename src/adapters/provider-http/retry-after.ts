/**
 * The wait a `Retry-After` header asks for, in ms: delay-seconds (`120`) or an HTTP date
 * (relative to `now`, never negative). Missing or unreadable → `undefined` (no retry).
 */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/u.test(value)) return Number(value) * 1000;
  if (!/[a-z]/iu.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
