import type { ConfigSource } from '../../ports/config-source.port.js';
import type { FullTextClient, FullTextOutcome, LicenceChoice, SourceAttempt } from '../../ports/fulltext-client.port.js';
import { ProviderRuntimeUnavailableError } from '../../ports/provider-client.port.js';
import { keylessFallbackWarning } from '../literature-search/provider-credentials.js';
import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import { configUnavailable, invalidArguments, toolError, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import type { UseCaseContext } from '../shared/use-case.js';
import { failureWarning, networkHint } from '../shared/provider-warnings.js';
import { documentPage } from './document-page.js';
import { cursorPurpose, openCursor, sealCursor } from './fulltext-cursor.js';
import { READ_FULLTEXT_MESSAGES, type ReadFullTextArguments } from './fulltext-input.js';
import type { ReadFullTextResult } from './fulltext-output.js';
import { notRunAttempts, sourcesAllowed } from './fulltext-sources.js';
import { findTerms } from './passage-find.js';
import type { TextDigest } from './passage-ids.js';
import { parseWorkReference, workIdentifiers, workKey } from './work-reference.js';

/** The ports and helpers a read uses. */
export interface ReadFullTextDeps {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
  /** Asked only when a source can serve the work (the composition root loads the HTTP adapter then). */
  readonly fullText: FullTextClient;
  readonly tokens: SealedTokens;
  readonly digest: TextDigest;
  /** Runs stepwise work; the MCP adapter passes one that yields to the event loop. Default: at once. */
  readonly pace?: <T>(task: Stepwise<T>, signal: AbortSignal) => Promise<T>;
}

const M = READ_FULLTEXT_MESSAGES;

/** Static notes of a read without a document. */
const STATUS_NOTES = {
  no_open_full_text: 'No open-access full text was found for this work; attempts says what each source answered.',
  sources_failed: 'Every source that could serve this work failed; attempts gives the reasons. Try again later.',
  not_run: 'Every full-text source that could serve this work is disabled in the settings; nothing was fetched.',
} as const;

/** How a note without failures begins, when failures are listed after it. */
const FAILURE_LEADS: Partial<Record<keyof typeof STATUS_NOTES, string>> = {
  no_open_full_text: 'No open-access full text was found for this work; attempts says what each source answered',
  sources_failed: 'Every source that could serve this work failed',
};

/**
 * The note of a read without a document: the status's, and when sources failed, their failures
 * as every tool words them (`europepmc: transport_error (proxy)`) and the hint to check the
 * network or `HTTPS_PROXY` when the cause was the network (else, all failing, "Try again later").
 */
function noteOf(status: keyof typeof STATUS_NOTES, attempts: readonly SourceAttempt[]): string {
  const failed = attempts.flatMap(({ provider, outcome, errorKind, errorCause }) =>
    outcome === 'failed' && errorKind !== undefined
      ? [{ provider, failure: { kind: errorKind, ...(errorCause === undefined ? {} : { cause: errorCause }) } }]
      : [],
  );
  const lead = FAILURE_LEADS[status];
  if (failed.length === 0 || lead === undefined) return STATUS_NOTES[status];
  const hint = networkHint(failed.map(({ failure }) => failure));
  const next = hint !== undefined ? ` ${hint.charAt(0).toUpperCase()}${hint.slice(1)}.` : status === 'sources_failed' ? ' Try again later.' : '';
  return `${lead} (${failed.map(({ provider, failure }) => failureWarning(provider, failure)).join('; ')}).${next}`;
}

/** The status of a read that found no document, from what the sources said. */
function statusWithout(attempts: readonly SourceAttempt[]): keyof typeof STATUS_NOTES {
  if (attempts.some((attempt) => attempt.outcome === 'no_open_full_text' || attempt.outcome === 'not_found')) return 'no_open_full_text';
  return attempts.some((attempt) => attempt.outcome === 'failed') ? 'sources_failed' : 'not_run';
}

const wireAttempts = (attempts: readonly SourceAttempt[]): ReadFullTextResult['attempts'] =>
  attempts.map(({ provider, outcome, errorKind }) => ({ provider, outcome, ...(errorKind === undefined ? {} : { error_kind: errorKind }) }));

/** A result without passages: the status's note, every source's answer, the free link if any. */
function withoutDocument(status: keyof typeof STATUS_NOTES, work: ReadFullTextResult['work'], outcome: Omit<FullTextOutcome, 'work'>): ReadFullTextResult {
  return {
    status,
    work,
    sections: [],
    passages: [],
    truncated: false,
    attempts: wireAttempts(outcome.attempts),
    ...(outcome.openAccessUrl === undefined ? {} : { open_access_url: outcome.openAccessUrl }),
    note: noteOf(status, outcome.attempts),
  };
}

/** A document's licence as the result reports it (docs/tools.md#qiongli_literature_read_fulltext). */
function wireLicence(source: LicenceChoice): Pick<NonNullable<ReadFullTextResult['source']>, 'licence' | 'licence_url' | 'licence_from' | 'licence_conflict'> {
  const conflict = source.licenceConflict;
  return {
    licence: source.licence,
    ...(source.licenceUrl === undefined ? {} : { licence_url: source.licenceUrl }),
    ...(source.licenceFrom === undefined ? {} : { licence_from: source.licenceFrom }),
    ...(conflict === undefined
      ? {}
      : {
          licence_conflict: {
            from: conflict.from,
            licence: conflict.licence,
            ...(conflict.licenceUrl === undefined ? {} : { licence_url: conflict.licenceUrl }),
          },
        }),
  };
}

const runAtOnce = <T>(task: Stepwise<T>): Promise<T> => Promise.resolve(finishNow(task));

/**
 * `qiongli_literature_read_fulltext` (docs/tools.md#qiongli_literature_read_fulltext): reads the open-access full
 * text of one work and answers one page of its passages — all of them in order, one section's,
 * or those containing `find` terms with their neighbours — with stable passage ids, the
 * document's hash and licence, and a sealed cursor for the next page.
 *
 * No open full text (or every serving source disabled or failing) is a normal result that says
 * so per source. Failures: a `work` of no known shape, a `find` without a usable term, a
 * tampered, foreign or expired cursor, or a cursor for a document that has since changed →
 * invalid arguments (static messages); settings unavailable → `native-config-unavailable`; the
 * full-text client cannot be built → `provider-runtime-unavailable`.
 */
export async function readFullText(
  args: ReadFullTextArguments,
  deps: ReadFullTextDeps,
  context: UseCaseContext,
): Promise<Result<ReadFullTextResult, ToolFailure>> {
  const work = parseWorkReference(args.work);
  if (work === undefined) return invalidArguments(M.workFormat);
  const terms = args.find === undefined ? undefined : findTerms(args.find);
  if (terms !== undefined && terms.length === 0) return invalidArguments(M.findTerms);
  const purpose = cursorPurpose(workKey(work), args);
  const cursor = args.cursor === undefined ? undefined : openCursor(deps.tokens, purpose, args.cursor);
  if (args.cursor !== undefined && cursor === undefined) return invalidArguments(M.cursorInvalid);
  const reading = await deps.config.read();
  if (reading.status !== 'available') return configUnavailable(reading.rule);
  const { sources, keyless } = await sourcesAllowed(work, reading.settings, deps.secrets);
  const given = workIdentifiers(work);
  const disabled = notRunAttempts(work, sources);
  if (disabled !== undefined) return success(withoutDocument('not_run', given, { attempts: disabled }));

  let outcome: FullTextOutcome;
  try {
    outcome = await deps.fullText.read({ work, sources, signal: context.signal });
  } catch (error) {
    if (error instanceof ProviderRuntimeUnavailableError) return toolError('provider-runtime-unavailable');
    throw error;
  }
  const resolved = { ...outcome.work, ...given };
  // PubMed Central asked without the key the settings name: the warning the search gives too.
  const pmcAsked = outcome.attempts.some((attempt) => attempt.provider === 'pmc' && attempt.outcome !== 'disabled');
  const warnings = keyless !== undefined && pmcAsked ? { warnings: [keylessFallbackWarning('pubmed', keyless)] } : {};
  const { document } = outcome;
  if (document === undefined) return success({ ...withoutDocument(statusWithout(outcome.attempts), resolved, outcome), ...warnings });
  if (cursor !== undefined && cursor.sha256 !== document.source.sha256) return invalidArguments(M.cursorStale);

  const { source } = document;
  const rest = {
    work: resolved,
    source: { provider: source.provider, url: source.url, sha256: source.sha256, bytes: source.bytes, ...wireLicence(source) },
    attempts: wireAttempts(outcome.attempts),
    ...(outcome.openAccessUrl === undefined ? {} : { open_access_url: outcome.openAccessUrl }),
    ...warnings,
  };
  const fixed = JSON.stringify({ status: 'ok', ...rest, sections: [], passages: [] }).length;
  const page = await (deps.pace ?? runAtOnce)(documentPage(document, args, terms, cursor ?? { offset: 0 }, deps.digest, fixed), context.signal);
  return success({
    status: 'ok',
    ...rest,
    sections: page.sections,
    sections_total: document.sections.length,
    ...(page.sectionsFrom === undefined ? {} : { sections_from: page.sectionsFrom }),
    passages: page.passages,
    ...(page.next === undefined ? {} : { next_cursor: sealCursor(deps.tokens, purpose, { ...page.next, sha256: source.sha256 }) }),
    truncated: page.next !== undefined || document.truncated,
    ...(page.note === undefined ? {} : { note: page.note }),
    ...(page.rechecked === undefined ? {} : { rechecked: page.rechecked }),
    ...(page.recheckedFrom === undefined ? {} : { rechecked_from: page.recheckedFrom }),
  });
}
