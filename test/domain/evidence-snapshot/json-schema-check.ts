import assert from 'node:assert/strict';
import { z } from 'zod';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';

type JsonSchema = Record<string, unknown>;

const provider = new AjvJsonSchemaValidator();
// The provider's 2020-12 engine (the one the official client validates structuredContent with)
// is private in its typings; it is read here only to check schemas against the meta-schema.
const engine = (provider as unknown as { ajv: { validateSchema(schema: unknown): boolean; errors?: unknown } }).ajv;

/**
 * Generates a tool schema's JSON Schema the way the MCP layer does, checks it against the
 * JSON Schema 2020-12 meta-schema and that its root is a closed object schema, and returns it.
 */
export function assertValidToolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io }) as JsonSchema;
  assert.equal(engine.validateSchema(json), true, JSON.stringify(engine.errors));
  assert.equal(json['type'], 'object');
  assert.equal(json['additionalProperties'], false);
  return json;
}

/** Validates a value against the JSON Schema of an output schema, as the official client does. */
export function assertMatchesOutputJsonSchema(schema: z.ZodType, value: unknown): void {
  const validate = provider.getValidator(z.toJSONSchema(schema, { io: 'output' }) as never);
  const result = validate(value);
  assert.equal(result.valid, true, result.errorMessage);
}
