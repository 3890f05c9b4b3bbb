/**
 * What a {@link readJson} caller wants built of a JSON value. Everything else is read (so
 * malformed text is still refused) but never allocated: a hostile body costs time, not memory,
 * and leaves no millions of live objects for the garbage collector to copy.
 */
export type JsonShape = AnyShape | ScalarShape | ObjectShape | ArrayShape;

/** Build the value whatever it is (every descendant too). */
export interface AnyShape {
  readonly kind: 'any';
}

/** Build a string, number, boolean or null; a container here is skipped (read as `undefined`). */
export interface ScalarShape {
  readonly kind: 'scalar';
}

/** Build an object with the listed fields; anything but an object here is skipped (`undefined`). */
export interface ObjectShape {
  readonly kind: 'object';
  /** The fields kept, by name, with their shapes. */
  readonly fields: ReadonlyMap<string, JsonShape>;
  /** Shape of every other field (for objects keyed by id); absent: other fields are skipped. */
  readonly others?: JsonShape;
  /** Most other fields kept, in document order; later ones are skipped. */
  readonly maxOthers?: number;
}

/**
 * Build an array of items of one shape; anything but an array here is skipped (`undefined`).
 * With `each`, items are handed over one by one instead of kept (the array stays empty), and
 * `each` returning `false` skips every later item.
 */
export interface ArrayShape {
  readonly kind: 'array';
  readonly items: JsonShape;
  /** Most items built; later ones are skipped. */
  readonly max?: number;
  readonly each?: (item: unknown) => boolean | void;
}

/** Build anything. */
export const anyValue: AnyShape = { kind: 'any' };

/** Build a scalar only. */
export const scalar: ScalarShape = { kind: 'scalar' };

/** An object shape keeping `fields` (and, with `others`, up to `maxOthers` further fields). */
export const objectOf = (fields: Readonly<Record<string, JsonShape>>, options: { others?: JsonShape; maxOthers?: number } = {}): ObjectShape => ({
  kind: 'object',
  fields: new Map(Object.entries(fields)),
  ...options,
});

/** An array shape of `items` (at most `max` built, or each handed to `each`). */
export const listOf = (items: JsonShape, options: { max?: number; each?: (item: unknown) => boolean | void } = {}): ArrayShape => ({
  kind: 'array',
  items,
  ...options,
});

/** The shape of a field of `shape` named `key`, given how many other fields were kept; `undefined`: skip it. */
export function fieldShape(shape: ObjectShape | AnyShape, key: string, othersKept: number): JsonShape | undefined {
  if (shape.kind === 'any') return shape;
  const listed = shape.fields.get(key);
  if (listed !== undefined) return listed;
  return shape.others !== undefined && othersKept < (shape.maxOthers ?? Infinity) ? shape.others : undefined;
}
