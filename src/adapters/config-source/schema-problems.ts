import type * as z from 'zod';
import { nearMissOf } from './near-miss.js';
import { settingsProblem, type SettingsProblem } from './settings-problem.js';

/** What a value under each key must be, for `qiongli config check` (docs/configuration.md#the-settings-document). */
const EXPECTATIONS: Readonly<Record<string, string>> = {
  document_kind: 'must be "qiongli-global-settings"',
  schema_version: 'must be 1',
  revision: 'must be a whole number, 0 or more',
  default_profile: 'must be 1-64 lowercase letters, digits, - or _, starting with a letter or digit',
  providers: 'must be an object',
  zotero: 'must be an object with "enabled"',
  enabled: 'must be true or false',
  email: 'must be 1-320 characters without control characters',
  api_key_ref: 'must be a secret reference (qsr1_ and 32 lowercase hex digits); set a key with qiongli config set-key',
};

/** Key names that show someone tried to write an API key into the file itself. */
const KEY_LIKE = /^(api[_-]?key|key|token|secret)$/i;
/** The most unknown-key names spelled out in one detail; the text stays readable. */
const MAX_NAME_CHARACTERS = 64;

/** Rules in the order they are reported: the first problem's rule is the one an MCP client sees. */
const RULE_ORDER = ['unknown-key', 'missing-key', 'wrong-value'] as const;

/**
 * Turns zod's issues with a parsed settings document into problems, most telling first:
 * unknown keys, then missing keys, then wrong values (docs/configuration.md#when-the-settings-are-unavailable).
 * A detail names the key path and, for an unknown key, the key itself (quoted, escaped,
 * shortened) — never a value from the file.
 */
export function schemaProblems(issues: readonly z.core.$ZodIssue[], document: unknown): SettingsProblem[] {
  const problems = issues.flatMap((issue) => problemsOf(issue, document));
  return RULE_ORDER.flatMap((rule) => problems.filter((problem) => problem.rule === rule));
}

function problemsOf(issue: z.core.$ZodIssue, document: unknown): SettingsProblem[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const hint = keyHint(path, key);
      const meant = hint === '' ? nearMissOf(path, key) : undefined;
      const suggestion = meant === undefined ? '' : ` (did you mean "${meant}"?)`;
      return {
        ...settingsProblem('unknown-key', `${where(path)} has an unknown key ${quoted(key)}${hint}${suggestion}`),
        ...(meant === undefined ? {} : { meant }),
      };
    });
  }
  if (issue.code === 'invalid_type' && path.length > 0 && !hasKey(document, path)) {
    return [settingsProblem('missing-key', `${where(path.slice(0, -1))} lacks the key "${path[path.length - 1]}"`)];
  }
  const last = path[path.length - 1];
  const expectation =
    last === undefined
      ? 'must be a JSON object'
      : path.length === 2 && path[0] === 'providers'
        ? 'must be an object with "enabled"'
        : (EXPECTATIONS[last] ?? 'has a wrong value');
  return [settingsProblem('wrong-value', `${where(path)} ${expectation}`)];
}

/** `providers.openalex` for a path, `the document` for the top level. */
const where = (path: readonly string[]): string => (path.length === 0 ? 'the document' : path.join('.'));

/** A key as the file spells it: JSON-quoted (control characters escaped), shortened when long. */
function quoted(key: string): string {
  const characters = [...key];
  const shown = characters.length > MAX_NAME_CHARACTERS ? `${characters.slice(0, MAX_NAME_CHARACTERS).join('')}...` : key;
  return JSON.stringify(shown);
}

/** The advice for a key that looks like an attempt to put an API key into the file. */
const keyHint = (path: readonly string[], key: string): string =>
  path.length === 2 && path[0] === 'providers' && KEY_LIKE.test(key)
    ? ` (API keys are never written in this file: run qiongli config set-key ${path[1]} to keep one in the credential store)`
    : '';

/** Whether the key at `path` is present in `document` (as its own property). */
function hasKey(document: unknown, path: readonly string[]): boolean {
  let node: unknown = document;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}
