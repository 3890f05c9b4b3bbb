/**
 * Whether a parsed JSON value nests more than `maxDepth` containers (objects or arrays).
 * The value itself counts as depth 1 when it is a container. The walk stops as soon as the
 * bound is crossed, so it never recurses deeper than `maxDepth + 1` frames whatever the input,
 * and it allocates nothing (it runs on every message).
 */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (maxDepth === 0) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (exceedsDepth(value[index], maxDepth - 1)) return true;
    return false;
  }
  for (const key in value) if (exceedsDepth((value as Record<string, unknown>)[key], maxDepth - 1)) return true;
  return false;
}
