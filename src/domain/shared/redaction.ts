/**
 * Credential redaction (SPEC §6.3). Every tool result passes {@link redactCredentials} before it
 * leaves the server; the evidence snapshot uses the stronger `evidence` rule.
 */

/** Which rule set to apply. */
export type RedactionRule = 'standard' | 'evidence';

const SECRET_SEGMENTS = new Set(['secret', 'password', 'passwd', 'credential', 'credentials', 'auth', 'bearer']);
const COMPACT_SUFFIXES = ['token', 'apikey', 'accesstoken', 'accesskey', 'privatekey', 'clientsecret'];
const WRAPPED_FRAGMENTS = [
  '_api_key_',
  '_access_key_',
  '_authorization_',
  '_cookie_',
  '_private_key_',
  '_client_secret_',
  '_access_token_',
  '_refresh_token_',
  '_auth_token_',
  '_id_token_',
];
const EVIDENCE_SUFFIXES = [
  'secret',
  'password',
  'passwd',
  'credential',
  'credentials',
  'authorization',
  'cookie',
  'bearer',
  'auth',
  'token',
  'apikey',
  'accesskey',
  'privatekey',
  'clientsecret',
];

const normaliseKey = (key: string): string => key.trim().toLowerCase().replace(/[- ]/g, '_');

/** Whether an object key is judged credential-bearing under the given rule. */
export function isCredentialKey(key: string, rule: RedactionRule = 'standard'): boolean {
  const n = normaliseKey(key);
  const c = n.replaceAll('_', '');
  if (n === 'token' || n === 'authorization' || n.endsWith('_token')) return true;
  if (n.split('_').some((segment) => SECRET_SEGMENTS.has(segment))) return true;
  if (COMPACT_SUFFIXES.some((suffix) => c.endsWith(suffix))) return true;
  const wrapped = `_${n}_`;
  if (WRAPPED_FRAGMENTS.some((fragment) => wrapped.includes(fragment))) return true;
  return rule === 'evidence' && EVIDENCE_SUFFIXES.some((suffix) => c.endsWith(suffix));
}

/**
 * Returns a copy of `value` with every credential-bearing key removed, with its whole value,
 * at any depth. Arrays keep their length; primitives are returned as they are.
 */
export function redactCredentials<T>(value: T, rule: RedactionRule = 'standard'): T {
  return redactValue(value, rule) as T;
}

function redactValue(value: unknown, rule: RedactionRule): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, rule));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (isCredentialKey(key, rule)) continue;
    const kept = redactValue((value as Record<string, unknown>)[key], rule);
    // A parsed `__proto__` key is plain data; assigning it would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true });
    else out[key] = kept;
  }
  return out;
}
