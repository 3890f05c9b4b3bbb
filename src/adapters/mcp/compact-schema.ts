/**
 * Output schemas written once per definition (issue 26, item 7; docs/tools.md#the-tool-list): a
 * tool's `outputSchema` stays exact — every result it accepts and refuses is the same — but says
 * each repeated part once, under `$defs`, and reads it by `$ref` (a literature record, a provider
 * diagnostic, an author). Per-property descriptions are dropped (the tool's description and
 * docs/tools.md say what a field means), and `type` beside `enum` or `const` (the values already
 * fix it).
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keywords whose value is a sub-schema, a list of sub-schemas, or a map of them. */
const ONE = ['items', 'additionalProperties', 'propertyNames', 'not', 'contains'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', '$defs'];

/**
 * Calls `visit(sub, name)` on every direct sub-schema of `schema`: `name` is the property it
 * describes, or for a keyword's sub-schema (`items`, `anyOf`…) `own`, the name of `schema` itself.
 */
function eachSub(schema: Json, visit: (sub: Json, name: string, replace: (next: Json) => void) => void, own = 'def'): void {
  for (const key of ONE) {
    const sub = schema[key];
    if (isObject(sub)) visit(sub, key === 'propertyNames' ? `${own}_key` : own, (next) => (schema[key] = next));
  }
  for (const key of LIST) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    list.forEach((sub, index) => {
      if (isObject(sub)) visit(sub, own, (next) => (list[index] = next));
    });
  }
  for (const key of MAP) {
    const map = schema[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) if (isObject(sub)) visit(sub, name, (next) => (map[name] = next));
  }
}

/**
 * Drops descriptions, `type` where `enum` or `const` already fixes the values, and the bounds zod
 * writes on every integer (±(2^53 − 1), which no JSON number of a result passes), at every depth.
 */
function dropRedundant(schema: Json): void {
  delete schema['description'];
  if ('enum' in schema || 'const' in schema) delete schema['type'];
  if (schema['minimum'] === -Number.MAX_SAFE_INTEGER) delete schema['minimum'];
  if (schema['maximum'] === Number.MAX_SAFE_INTEGER) delete schema['maximum'];
  // A map whose keys are a closed list and all required: at least as many keys as the list says the same.
  const keys = (schema['propertyNames'] as Json | undefined)?.['enum'];
  const required = schema['required'];
  if (Array.isArray(keys) && Array.isArray(required) && required.length === keys.length && keys.every((key) => required.includes(key))) {
    delete schema['required'];
    schema['minProperties'] = keys.length;
  }
  eachSub(schema, (sub) => dropRedundant(sub));
}

/** A name for a definition first met under `name` (a plural loses its `s`): letters, digits and `_` only. */
const nameFrom = (name: string): string => (/^[A-Za-z][A-Za-z0-9_]*$/u.test(name) ? name.replace(/ies$/u, 'y').replace(/(?<=[a-z])s$/u, '') : 'def');

/**
 * Moves the sub-schema that saves the most characters by being written once into `$defs`, and
 * repeats until none saves any. A sub-schema is only shared when it is the same JSON text
 * everywhere (so the schema accepts exactly what it did).
 */
function shareRepeats(root: Json): void {
  const defs: Json = isObject(root['$defs']) ? (root['$defs'] as Json) : {};
  for (;;) {
    const seen = new Map<string, { count: number; name: string }>();
    const count = (schema: Json, own: string): void =>
      eachSub(
        schema,
        (sub, name) => {
          const text = JSON.stringify(sub);
          const known = seen.get(text);
          if (known === undefined) seen.set(text, { count: 1, name: nameFrom(name) });
          else known.count += 1;
          count(sub, name);
        },
        own,
      );
    count(root, 'def');
    let best: { text: string; name: string; saving: number } | undefined;
    for (const [text, { count: times, name }] of seen) {
      if (times < 2 || text.startsWith('{"$ref"')) continue;
      const reference = `{"$ref":"#/$defs/${name}"}`.length;
      const saving = times * (text.length - reference) - (text.length + name.length + 4);
      if (saving > 0 && (best === undefined || saving > best.saving)) best = { text, name, saving };
    }
    if (best === undefined) break;
    let name = best.name;
    for (let suffix = 2; name in defs; suffix++) name = `${best.name}${suffix}`;
    const { text } = best;
    const replaceIn = (schema: Json): void =>
      eachSub(schema, (sub, _name, replace) => {
        if (JSON.stringify(sub) === text) replace({ $ref: `#/$defs/${name}` });
        else replaceIn(sub);
      });
    replaceIn(root);
    defs[name] = JSON.parse(text) as Json;
    root['$defs'] = defs;
  }
}

/** The compact form of a tool's output JSON Schema (a fresh object; the given one is not changed). */
export function compactOutputSchema(schema: Json): Json {
  const copy = JSON.parse(JSON.stringify(schema)) as Json;
  dropRedundant(copy);
  shareRepeats(copy);
  return copy;
}
