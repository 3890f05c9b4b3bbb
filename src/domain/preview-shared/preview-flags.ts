import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';

/** Platforms a route preview may name (docs/tools.md#11-qiongli_orchestrator_route). */
export const PREVIEW_PLATFORMS = ['codex', 'claude_code', 'claude', 'antigravity', 'cli', 'unknown'] as const;

/**
 * The fixed part of every Lite preview: nothing may run, and execution needs the Full CLI,
 * which this program does not have (`available: false`; SPEC §6.4 tool 11 as amended
 * 2026-12-04: upstream's `command` named a Full runtime, and that line exits 2 here).
 * Lite never launches an agent, a process or a shell and never writes to a project.
 */
export const previewFlags = {
  mode: 'preview',
  preview_only: true,
  runtime_profile: 'marketplace_lite',
  run_agents_allowed: false,
  shell_execution_allowed: false,
  project_writes_allowed: false,
  recommended_runtime: 'full_cli_for_execution',
  upgrade: {
    required_for_execution: true,
    runtime_profile: 'full_cli',
    available: false,
  },
} as const;

/**
 * The fixed part of every Standard preview (issue 25, row 8): nothing may run, as in Lite, and
 * no profile of this program runs anything, so no `recommended_runtime` or `upgrade` points to
 * a runtime that does not exist.
 */
export const standardPreviewFlags = {
  mode: 'preview',
  preview_only: true,
  runtime_profile: 'standard',
  run_agents_allowed: false,
  shell_execution_allowed: false,
  project_writes_allowed: false,
} as const;

/** The fixed part of a profile's previews. */
export type PreviewFlags = typeof previewFlags | typeof standardPreviewFlags;

/**
 * A preview: the fixed flags followed by `fields`. `Object.assign` onto a fresh object rather
 * than object spread, which was several times slower on this hot path.
 */
export function previewWith<P extends PreviewFlags, F extends object>(flags: P, fields: F): P & F {
  return Object.assign({}, flags, fields);
}

/** The zod schema of a constant: literals for scalars, strict objects for objects. */
type ConstantSchema<T> = T extends string | number | boolean
  ? z.ZodLiteral<T>
  : z.ZodObject<{ -readonly [K in keyof T]: ConstantSchema<T[K]> }, z.core.$strict>;

/** The shape of a strict object schema that accepts exactly `value`. */
function constantShape<T extends Record<string, unknown>>(value: T): { -readonly [K in keyof T]: ConstantSchema<T[K]> } {
  const schemaOf = (item: unknown): z.ZodType =>
    item !== null && typeof item === 'object' ? z.strictObject(constantShape(item as Record<string, unknown>)) : z.literal(item as string | number | boolean);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, schemaOf(item)])) as { -readonly [K in keyof T]: ConstantSchema<T[K]> };
}

/** zod shape of {@link previewFlags}, for the preview tools' output schemas: derived, so the two cannot differ. */
export const previewFlagsShape = schemaOnFirstUse(() => constantShape(previewFlags));

/** zod shape of {@link standardPreviewFlags}, likewise. */
export const standardPreviewFlagsShape = schemaOnFirstUse(() => constantShape(standardPreviewFlags));
