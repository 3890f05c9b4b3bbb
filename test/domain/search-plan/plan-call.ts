import { planSearch, searchPlanInput, searchPlanMessagePrecedence, type SearchPlan } from '../../../src/domain/search-plan/search-plan.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import type { ToolFailure } from '../../../src/domain/shared/tool-failure.js';
import type { Result } from '../../../src/domain/shared/result.js';
import type { NativeSettings, SettingsReading } from '../../../src/ports/config-source.port.js';
import { onlyEnabled } from '../../fakes/config-source.fake.js';
import { secretReference } from '../../fakes/secret-store.fake.js';

/** Settings with Semantic Scholar, OpenAlex (both with a key) and arXiv enabled, the others off. */
export const THREE_READY: NativeSettings = onlyEnabled({
  openalex: { enabled: true, apiKeyRef: secretReference(1) },
  semantic_scholar: { enabled: true, apiKeyRef: secretReference(2) },
  arxiv: { enabled: true },
});

/** Settings with arXiv alone enabled (plans then route to one provider). */
const ARXIV_ONLY: NativeSettings = onlyEnabled({ arxiv: { enabled: true } });

/**
 * Calls `qiongli_search_plan` the way the MCP layer does: validate with the input schema and
 * precedence, then run the use case on the given settings (default: arXiv alone enabled).
 */
export function callSearchPlan(
  args: unknown,
  reading: SettingsReading = { status: 'available', settings: ARXIV_ONLY },
  secretStoreAvailable = false,
): Result<SearchPlan, ToolFailure> {
  const parsed = parseArguments(searchPlanInput(), args, searchPlanMessagePrecedence);
  return parsed.ok ? planSearch(parsed.value, reading, secretStoreAvailable) : parsed;
}

/** The plan of a call expected to succeed. */
export function planOf(args: unknown, reading?: SettingsReading, secretStoreAvailable?: boolean): SearchPlan {
  const outcome = callSearchPlan(args, reading, secretStoreAvailable);
  if (!outcome.ok) throw new Error(`expected a plan, got: ${outcome.error.message}`);
  return outcome.value;
}

/** The expected outcome of a refused argument. */
export const invalid = (message: string) => ({ ok: false, error: { kind: 'invalid_arguments', message } });
