/**
 * Canonical form of JSON data: a copy in which every object's keys appear in ascending UTF-16
 * code-unit order (the order of RFC 8785) and arrays keep their order. Two inputs that differ
 * only in key order therefore encode to the same bytes.
 *
 * Recursive: callers pass data whose nesting was already bounded (the evidence arguments are
 * at most 32 levels deep). Primitives are returned as they are.
 */
export function canonicalJson<T>(value: T): T {
  return canonicalValue(value) as T;
}

function canonicalValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(canonicalValue);
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort()) {
    const copied = canonicalValue(source[key]);
    // A parsed `__proto__` key is plain data; assigning it would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copied, enumerable: true, writable: true, configurable: true });
    else out[key] = copied;
  }
  return out;
}
