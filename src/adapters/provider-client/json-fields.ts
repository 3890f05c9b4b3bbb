/** A parsed JSON object, read field by field without trusting its shape. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Parses `text` as JSON and returns it when it is an object; `undefined` otherwise. */
export function parseJsonObject(text: string): JsonObject | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The value when it is a plain (non-array) object. */
export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** The value when it is an array. */
export function asArray(value: unknown): readonly unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** The value when it is a string. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value when it is an integer number. */
export function asInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** The objects of an array, skipping anything else. */
export function objectsOf(value: unknown): JsonObject[] {
  const items = asArray(value) ?? [];
  return items.flatMap((item) => {
    const object = asObject(item);
    return object ? [object] : [];
  });
}
