import type { ReferenceSourceId } from '../../ports/reference-lookup.port.js';
import type { CheckReferencesResult, CheckSourceDiagnostic, ReferenceCheck } from './check-output.js';
import type { SourceUse } from './resolve-reference.js';

/** Warning of a call with no source to ask: nothing was checked, no network at all. */
const NO_SOURCES_WARNING = 'no active literature providers; no reference was checked';

/** Warning of a call with references that could not be read. */
const unreadableWarning = (count: number): string => `${count} reference${count === 1 ? '' : 's'} could not be read`;

type Summary = CheckReferencesResult['summary'];
type Diagnostics = CheckReferencesResult['diagnostics'];

/**
 * The summary of a check (docs/tools.md#the-reference-check, "Summary"): counts
 * per verdict and per flag, and `look_first` — the indexes most worth a person's look, in this
 * order: not found, retracted, mismatch, unreadable, expression of concern, ambiguous (each group
 * in input order, an index once).
 */
export function summarise(checks: readonly ReferenceCheck[]): Summary {
  const count = (verdict: ReferenceCheck['verdict']) => checks.filter((check) => check.verdict === verdict).length;
  const flagged = (name: 'retracted' | 'corrected' | 'expression_of_concern') => checks.filter((check) => check.flags?.[name] !== undefined);
  const groups: (readonly ReferenceCheck[])[] = [
    checks.filter((check) => check.verdict === 'not_found'),
    flagged('retracted'),
    checks.filter((check) => check.verdict === 'mismatch'),
    checks.filter((check) => check.verdict === 'unreadable'),
    flagged('expression_of_concern'),
    checks.filter((check) => check.verdict === 'ambiguous'),
  ];
  const lookFirst = [...new Set(groups.flatMap((group) => group.map((check) => check.index)))];
  return {
    references: checks.length,
    verified: count('verified'),
    mismatch: count('mismatch'),
    not_found: count('not_found'),
    ambiguous: count('ambiguous'),
    unchecked: count('unchecked'),
    unreadable: count('unreadable'),
    retracted: flagged('retracted').length,
    corrected: flagged('corrected').length,
    expression_of_concern: flagged('expression_of_concern').length,
    look_first: lookFirst,
  };
}

/** One source's diagnostic: requests sent, questions asked and failed, the last failure's kind. */
function sourceDiagnostic(use: SourceUse): CheckSourceDiagnostic {
  const base: CheckSourceDiagnostic = { status: 'ok', requests: use.session.requests(), asked: use.asked, failed: use.failed };
  if (use.failed === 0 || use.lastError === undefined) return base;
  return { ...base, status: 'error', error_kind: use.lastError, warning: `${use.source}: ${use.lastError} (${use.failed} of ${use.asked} questions failed)` };
}

/**
 * The status and diagnostics of a check: per source (docs/tools.md#the-reference-check,
 * "Diagnostics"); `ok`/`complete` when no question failed, `warning`/`partial` when some did,
 * `error`/`failed` when every source asked failed every question; no source → `warning`/`not_run`.
 * Unreadable references make an `ok` check a `warning`.
 */
export function diagnose(
  uses: ReadonlyMap<ReferenceSourceId, SourceUse>,
  checks: readonly ReferenceCheck[],
  notes: readonly string[],
): { status: CheckReferencesResult['status']; diagnostics: Diagnostics } {
  const unreadable = checks.filter((check) => check.verdict === 'unreadable').length;
  const warnings = [...notes];
  if (uses.size === 0) {
    if (unreadable > 0) warnings.push(unreadableWarning(unreadable));
    return {
      status: 'warning',
      diagnostics: { status: 'not_run', status_reason: 'no_active_providers', providers: {}, warnings: [NO_SOURCES_WARNING, ...warnings] },
    };
  }
  const providers: Diagnostics['providers'] = {};
  for (const [source, use] of uses) {
    const diagnostic = sourceDiagnostic(use);
    providers[source] = diagnostic;
    if (diagnostic.warning !== undefined) warnings.push(diagnostic.warning);
  }
  if (unreadable > 0) warnings.push(unreadableWarning(unreadable));
  const asked = [...uses.values()].filter((use) => use.asked > 0);
  const failing = asked.filter((use) => use.failed > 0);
  if (asked.length > 0 && asked.every((use) => use.failed === use.asked)) return { status: 'error', diagnostics: { status: 'failed', providers, warnings } };
  if (failing.length > 0) return { status: 'warning', diagnostics: { status: 'partial', providers, warnings } };
  return { status: unreadable > 0 || notes.length > 0 ? 'warning' : 'ok', diagnostics: { status: 'complete', providers, warnings } };
}
