/**
 * Credential redaction (docs/tools.md#redaction). Every tool result passes {@link redactCredentials} before it
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

/**
 * Every rule below needs one of these words in the key once it is lowercased and stripped of
 * `_`, `-` and spaces (`_api_key_` needs `apikey`, `_token` needs `token`, …). A key without
 * any of them is judged clean by one regex test instead of a dozen string operations: hostile
 * arguments may carry 100,000 distinct keys (docs/provider-data.md).
 */
const CANDIDATE_WORDS = /secret|passw|credential|auth|bearer|token|apikey|accesskey|privatekey|cookie/;

/** Whether an object key is judged credential-bearing under the given rule. */
export function isCredentialKey(key: string, rule: RedactionRule = 'standard'): boolean {
  const cache = VERDICTS[rule];
  let verdict = cache.get(key);
  if (verdict === undefined) {
    verdict = judgeKey(key, rule);
    // Result keys repeat across calls; a bounded memo keeps the judgement off the hot path.
    if (cache.size >= MAX_REMEMBERED_KEYS) cache.clear();
    cache.set(key, verdict);
  }
  return verdict;
}

const MAX_REMEMBERED_KEYS = 4096;
const VERDICTS: Record<RedactionRule, Map<string, boolean>> = { standard: new Map(), evidence: new Map() };

function judgeKey(key: string, rule: RedactionRule): boolean {
  if (!CANDIDATE_WORDS.test(key.toLowerCase().replace(/[-_ ]/g, ''))) return false;
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
 * Returns `value` with every credential-bearing key removed, with its whole value, at any
 * depth. Arrays keep their length; primitives are returned as they are. Copy on write: parts
 * with nothing to remove are returned as they are (shared, not copied), so a clean result
 * costs one walk and no allocation.
 */
export function redactCredentials<T>(value: T, rule: RedactionRule = 'standard'): T {
  return redactValue(value, rule) as T;
}

function redactValue(value: unknown, rule: RedactionRule): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const kept = redactValue(item, rule);
      if (copy === undefined && kept !== item) copy = value.slice(0, index);
      if (copy !== undefined) copy.push(kept);
    }
    return copy ?? value;
  }
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  let copy: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const child = source[key];
    const removed = isCredentialKey(key, rule);
    const kept = removed ? undefined : redactValue(child, rule);
    if (copy === undefined && (removed || kept !== child)) copy = copyKeys(source, keys, index);
    if (copy !== undefined && !removed) setOwn(copy, key, kept);
  }
  return copy ?? value;
}

/** A fresh object holding the first `count` keys of `source`. */
function copyKeys(source: Record<string, unknown>, keys: string[], count: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) setOwn(copy, keys[index] as string, source[keys[index] as string]);
  return copy;
}

/** Sets an own data property; a parsed `__proto__` key is plain data, never the prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
