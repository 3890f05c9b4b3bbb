import { z } from 'zod';

/** Platforms a route preview may name (docs/tools.md#11-qiongli_orchestrator_route). */
export const PREVIEW_PLATFORMS = ['codex', 'claude_code', 'claude', 'antigravity', 'cli', 'unknown'] as const;

/**
 * The fixed part of every Lite preview: nothing may run, and execution needs the Full CLI.
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
    command: 'qiongli mcp serve --transport stdio',
  },
} as const;

/**
 * A preview: the fixed flags followed by `fields`. `Object.assign` onto a fresh object rather
 * than object spread, which was several times slower on this hot path.
 */
export function previewWith<F extends object>(fields: F): typeof previewFlags & F {
  return Object.assign({}, previewFlags, fields);
}

/** zod shape of {@link previewFlags}, for the preview tools' output schemas. */
export const previewFlagsShape = {
  mode: z.literal('preview'),
  preview_only: z.literal(true),
  runtime_profile: z.literal('marketplace_lite'),
  run_agents_allowed: z.literal(false),
  shell_execution_allowed: z.literal(false),
  project_writes_allowed: z.literal(false),
  recommended_runtime: z.literal('full_cli_for_execution'),
  upgrade: z.strictObject({
    required_for_execution: z.literal(true),
    runtime_profile: z.literal('full_cli'),
    command: z.literal('qiongli mcp serve --transport stdio'),
  }),
};
