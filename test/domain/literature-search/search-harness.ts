import type { ProviderId, ProviderSettings } from '../../../src/ports/config-source.port.js';
import type { ProviderRecord } from '../../../src/ports/provider-client.port.js';
import { literatureSearchInput, type LiteratureSearchArguments } from '../../../src/domain/literature-search/literature-search-input.js';
import { searchLiterature, type LiteratureSearchDeps } from '../../../src/domain/literature-search/literature-search.js';
import type { LiteratureSearchContext } from '../../../src/domain/literature-search/run-providers.js';
import { fromJsonSchema } from '@modelcontextprotocol/client';
import { z } from 'zod';
import assert from 'node:assert/strict';
import { literatureSearchOutput, type LiteratureSearchResult } from '../../../src/domain/literature-search/literature-search-output.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import { HeldSearchLists } from '../../../src/domain/literature-search/search-pages.js';

/** Every provider switched off (spread it under the ones a test enables). */
export const noProviderEnabled: Record<ProviderId, ProviderSettings> = {
  openalex: { enabled: false },
  semantic_scholar: { enabled: false },
  crossref: { enabled: false },
  pubmed: { enabled: false },
  arxiv: { enabled: false },
};

/** Secret values that must reach provider requests and never the outcome. */
export const CANARY_KEYS = {
  openalex: 'CANARY-openalex-9f3b1c',
  semantic_scholar: 'CANARY-s2-7e21aa',
  pubmed: 'CANARY-pubmed-44d0c2',
} as const;

/** The secret references the settings of {@link everyProviderReady} point at. */
export const KEY_REFS = {
  openalex: secretReference(1),
  semantic_scholar: secretReference(2),
  pubmed: secretReference(3),
} as const;

/** Contact email configured for OpenAlex and Crossref. */
export const CONTACT_EMAIL = 'research-team@example.org';

/** Settings in which all five providers are enabled and configured. */
export const everyProviderReady: Partial<Record<ProviderId, ProviderSettings>> = {
  openalex: { enabled: true, apiKeyRef: KEY_REFS.openalex, email: CONTACT_EMAIL },
  semantic_scholar: { enabled: true, apiKeyRef: KEY_REFS.semantic_scholar },
  crossref: { enabled: true, email: CONTACT_EMAIL },
  pubmed: { enabled: true, apiKeyRef: KEY_REFS.pubmed },
  arxiv: { enabled: true },
};

/** A secret store that resolves every key of {@link everyProviderReady} to its canary. */
export const canarySecrets = (): FakeSecretStore =>
  FakeSecretStore.withSecrets({
    [KEY_REFS.openalex]: CANARY_KEYS.openalex,
    [KEY_REFS.semantic_scholar]: CANARY_KEYS.semantic_scholar,
    [KEY_REFS.pubmed]: CANARY_KEYS.pubmed,
  });

/** Validated arguments, as the MCP layer would hand them over. */
export const searchArgs = (args: Record<string, unknown>): LiteratureSearchArguments => literatureSearchInput().parse(args);

/** Dependencies for a search: every provider ready with canary keys unless told otherwise. */
export function searchDeps(
  client: FakeProviderClient,
  options: { settings?: Partial<Record<ProviderId, ProviderSettings>>; secrets?: FakeSecretStore } = {},
): LiteratureSearchDeps & { config: FakeConfigSource; secrets: FakeSecretStore } {
  return {
    config: FakeConfigSource.withProviders(options.settings ?? everyProviderReady),
    secrets: options.secrets ?? canarySecrets(),
    providers: client,
    paging: { tokens: new AesGcmSealedTokens(), lists: new HeldSearchLists(Date.now) },
  };
}

/** A call context that records every progress report. */
export interface RecordingContext extends LiteratureSearchContext {
  readonly progress: [progress: number, total: number][];
}

/** A context with a fresh (or the given) signal that records progress reports. */
export function recordingContext(signal: AbortSignal = new AbortController().signal): RecordingContext {
  const progress: [number, number][] = [];
  return { signal, progress, reportProgress: (done, total) => void progress.push([done, total]) };
}

/** A provider record with the given title and extra fields. */
export const aRecord = (title: string, fields: Partial<ProviderRecord> = {}): ProviderRecord => ({ title, ...fields });

/** `count` distinct records titled `<prefix> 1`, `<prefix> 2`, … */
export const manyRecords = (prefix: string, count: number): ProviderRecord[] =>
  Array.from({ length: count }, (_, index) => aRecord(`${prefix} ${index + 1}`, { year: 2020 }));

const clientOutputValidator = fromJsonSchema(z.toJSONSchema(literatureSearchOutput(), { io: 'output' }) as Record<string, unknown>);

/**
 * Asserts that a result passes the official MCP client's check of `structuredContent` against
 * the advertised `outputSchema` (the JSON Schema generated from the zod output schema).
 */
export async function assertValidForClient(result: unknown): Promise<void> {
  const verdict = await clientOutputValidator['~standard'].validate(result);
  assert.ok(!('issues' in verdict && verdict.issues), JSON.stringify(verdict));
}

/**
 * Every record of a search, page after page through its cursors (the same arguments each time,
 * as a client repeats its call with `cursor`): the first page's result with `results` holding all.
 */
export async function everyPage(args: Record<string, unknown>, deps: LiteratureSearchDeps): Promise<LiteratureSearchResult> {
  const first = await searchLiterature(searchArgs(args), deps, recordingContext());
  assert.ok(first.ok, JSON.stringify(first));
  const results = [...first.value.results];
  for (let cursor = first.value.next_cursor; cursor !== undefined; ) {
    const page = await searchLiterature(searchArgs({ ...args, cursor }), deps, recordingContext());
    assert.ok(page.ok, JSON.stringify(page));
    results.push(...page.value.results);
    cursor = page.value.next_cursor;
  }
  assert.equal(results.length, first.value.total_results);
  return { ...first.value, results };
}
