import type { BibliographyParser } from '../../ports/bibliography-parser.port.js';
import type { ConfigSource } from '../../ports/config-source.port.js';
import { ProviderRuntimeUnavailableError } from '../../ports/provider-client.port.js';
import { REFERENCE_SOURCE_IDS, type ReferenceLookup, type ReferenceSourceId } from '../../ports/reference-lookup.port.js';
import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { keylessFallbackWarning, resolveProviderAccess } from '../literature-search/provider-credentials.js';
import { assessReadiness } from '../provider-readiness/provider-readiness.js';
import { success, type Result } from '../shared/result.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import type { UseCaseContext } from '../shared/use-case.js';
import { argumentsFingerprint, openCheckCursor, sealCheckCursor, type HeldCheck, type HeldChecks } from './check-cursor.js';
import { configUnavailable, invalidArguments, toolError, type ToolFailure } from '../shared/tool-failure.js';
import type { CheckReferencesResult } from './check-output.js';
import { runChecks } from './check-run.js';
import { diagnose, summarise } from './check-summary.js';
import { readReferences } from './read-references.js';
import { CHECK_MESSAGES, MAX_REFERENCES, PAGE_SIZE, type CheckReferencesArguments } from './reference-check-input.js';
import { SourceUse } from './resolve-reference.js';
import { PAGE_CHARACTERS, pageOf } from './check-page.js';

/** The ports a reference check uses; `lookup` is asked only when a source is. */
export interface CheckReferencesDeps {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
  readonly lookup: ReferenceLookup;
  /** Reads BibTeX entries (loaded by the composition root before the first BibTeX check). */
  readonly parser: BibliographyParser;
  readonly tokens: SealedTokens;
  /** The finished checks of this process, for their next pages (one per process). */
  readonly held: HeldChecks;
  /** Runs stepwise reading; the tool slice passes the TimeSlices port's `run`. Default: at once. */
  readonly pace?: <T>(task: Stepwise<T>, signal: AbortSignal) => Promise<T>;
}

const runAtOnce = <T>(task: Stepwise<T>): Promise<T> => Promise.resolve(finishNow(task));

/**
 * the reference check (docs/tools.md#the-reference-check):
 * reads the bibliography (any of its formats, stepwise and bounded), resolves every reference at
 * the enabled sources — identifiers first, then a bibliographic search —, decides a verdict with
 * evidence for each, merges the matched works' status flags from every place and their
 * versions, and answers the summary with the first page of checks. A cursor's page comes from
 * the checks held by this process: no source is asked again.
 *
 * Attempted sources = check order ∩ ready ∩ `providers`; a key that cannot be used leaves the
 * source keyless with a static warning. Source failures are diagnostics, not failures of the call.
 * One progress notification per reference; an aborted signal leaves the rest `unchecked`.
 *
 * Failures (static messages, nothing of the input): `format` with a list, more than 200
 * references or none, or a cursor that does not open for exactly these arguments → invalid
 * arguments; settings unavailable → `native-config-unavailable`; the lookup client cannot be
 * built → `provider-runtime-unavailable`.
 */
export async function checkReferences(
  args: CheckReferencesArguments,
  deps: CheckReferencesDeps,
  context: UseCaseContext,
): Promise<Result<CheckReferencesResult, ToolFailure>> {
  if (args.format !== undefined && typeof args.references !== 'string') return invalidArguments(CHECK_MESSAGES.formatWithList);
  const fingerprint = argumentsFingerprint(args.references, args.format, args.providers);
  const size = args.page_size ?? PAGE_SIZE.default;
  const budget = args.page_size === undefined ? PAGE_CHARACTERS.default : PAGE_CHARACTERS.explicit;
  if (args.cursor !== undefined) {
    const opened = openCheckCursor(deps.tokens, deps.held, fingerprint, args.cursor);
    if (opened === undefined) return invalidArguments(CHECK_MESSAGES.cursorInvalid);
    return success(pageOf(opened.check, opened.offset, size, budget, (end) => sealCheckCursor(deps.tokens, fingerprint, opened.id, end)));
  }
  const references = await (deps.pace ?? runAtOnce)(readReferences(args.references, args.format, deps.parser), context.signal);
  if (references.length > MAX_REFERENCES) return invalidArguments(CHECK_MESSAGES.referencesTooMany);
  if (references.length === 0) return invalidArguments(CHECK_MESSAGES.referencesNone);
  const reading = await deps.config.read();
  if (reading.status !== 'available') return configUnavailable(reading.rule);
  const { settings } = reading;
  const readiness = assessReadiness(settings, deps.secrets.available);
  const asked = REFERENCE_SOURCE_IDS.filter((id) => readiness[id] === 'ready' && (args.providers === undefined || args.providers.includes(id)));
  const grants = await resolveProviderAccess(asked, settings, deps.secrets);
  const notes = [...grants].flatMap(([id, grant]) => (grant.fallback === undefined ? [] : [keylessFallbackWarning(id, grant.fallback)]));
  try {
    const uses = new Map<ReferenceSourceId, SourceUse>();
    for (const source of asked) {
      const grant = grants.get(source);
      if (grant !== undefined) uses.set(source, new SourceUse(source, deps.lookup.session(source, { credentials: grant.credentials, signal: context.signal })));
    }
    const checks = await runChecks(references, uses, context);
    const { status, diagnostics } = diagnose(uses, checks, notes);
    const check: HeldCheck = { fingerprint, checks, status, summary: summarise(checks), diagnostics };
    let id: number | undefined;
    return success(pageOf(check, 0, size, budget, (end) => sealCheckCursor(deps.tokens, fingerprint, (id ??= deps.held.hold(check)), end)));
  } catch (error) {
    if (error instanceof ProviderRuntimeUnavailableError) return toolError('provider-runtime-unavailable');
    throw error;
  }
}
