import assert from 'node:assert/strict';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Generates the JSON Schema of a tool schema the way the MCP layer does and checks that it is an
 * object schema closed with `additionalProperties: false` — at the root and in every nested
 * object schema, where a map of closed keys (a provider map: `propertyNames` with `enum`) is closed too. Returns the generated schema for further checks.
 */
export function assertClosedJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io }) as JsonSchema;
  assert.equal(json['type'], 'object');
  assert.equal(json['additionalProperties'], false);
  for (const nested of objectSchemas(json)) assert.ok(isClosed(nested), `every nested object is closed: ${JSON.stringify(nested).slice(0, 200)}`);
  return json;
}

/** Closed: no property beyond those named, or a map whose keys are a closed list (`propertyNames` with `enum`). */
const isClosed = (object: JsonSchema): boolean =>
  object['additionalProperties'] === false || Array.isArray((object['propertyNames'] as JsonSchema | undefined)?.['enum']);

function* objectSchemas(node: unknown): Generator<JsonSchema> {
  if (Array.isArray(node)) {
    for (const item of node) yield* objectSchemas(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as JsonSchema;
  if (record['type'] === 'object') yield record;
  for (const value of Object.values(record)) yield* objectSchemas(value);
}

/** The JSON Schema of one property of an object schema. */
export const propertyOf = (json: JsonSchema, name: string): JsonSchema => (json['properties'] as Record<string, JsonSchema>)[name] as JsonSchema;
