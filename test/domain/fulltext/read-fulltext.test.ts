import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFullText, type ReadFullTextDeps } from '../../../src/domain/fulltext/read-fulltext.js';
import { readFullTextInput } from '../../../src/domain/fulltext/fulltext-input.js';
import { READ_FULLTEXT_MESSAGES } from '../../../src/domain/fulltext/fulltext-input.js';
import { readFullTextOutput } from '../../../src/domain/fulltext/fulltext-output.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { ProviderRuntimeUnavailableError } from '../../../src/ports/provider-client.port.js';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import { DEFAULT_SETTINGS } from '../../../src/domain/provider-readiness/provider-readiness.js';
import { FakeConfigSource, settingsWith } from '../../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';
import { FakeFullTextClient, documentOf, fullTextOf } from '../../fakes/fulltext-client.fake.js';
import { quietContext } from '../../support/use-cases.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const M = READ_FULLTEXT_MESSAGES;

const LONG = documentOf(
  [
    ['abstract', 'Abstract'],
    ['s1', '1 Introduction'],
    ['s2', '2 Methods'],
  ],
  Array.from({ length: 30 }, (_, index): [number, string] => [index < 2 ? 0 : index < 20 ? 1 : 2, `Passage ${index} ${'lorem ipsum '.repeat(100)}`.trim()]),
);

function deps(overrides: Partial<ReadFullTextDeps> = {}): ReadFullTextDeps & { fullText: FakeFullTextClient } {
  return {
    config: FakeConfigSource.withProviders({ pubmed: { enabled: true } }),
    secrets: FakeSecretStore.unavailable(),
    fullText: new FakeFullTextClient(fullTextOf(LONG)),
    tokens: new AesGcmSealedTokens(),
    digest: sha256,
    ...overrides,
  } as ReadFullTextDeps & { fullText: FakeFullTextClient };
}

const args = (value: Record<string, unknown>) => {
  const parsed = parseArguments(readFullTextInput(), value);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

async function read(value: Record<string, unknown>, with_: ReadFullTextDeps = deps()) {
  return readFullText(args(value), with_, quietContext());
}

describe('reading a paper (docs/tools.md#qiongli_literature_read_fulltext)', () => {
  it('answers a page of passages with ids, sections, the source and a cursor; the result fits its schema', async () => {
    const outcome = await read({ work: 'PMC1', max_chars: 5000 });
    assert.equal(outcome.ok, true);
    const result = outcome.ok ? outcome.value : undefined!;
    assert.equal(readFullTextOutput().safeParse(result).success, true);
    assert.equal(result.status, 'ok');
    assert.deepEqual(result.work, { pmcid: 'PMC1', doi: '10.1000/x' });
    assert.equal(result.source?.licence, 'CC BY 4.0');
    assert.deepEqual(
      result.sections.map((section) => section.id),
      ['abstract', 's1', 's2'],
    );
    assert.ok(result.passages.length >= 1 && result.passages.reduce((sum, passage) => sum + passage.text.length, 0) <= 5000);
    assert.equal(result.truncated, true);
    assert.equal(typeof result.next_cursor, 'string');
  });

  it('pages through a long paper returning every passage once, with the same ids on a second read', async () => {
    const d = deps();
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const outcome = await read({ work: 'PMC1', max_chars: 2000, ...(cursor === undefined ? {} : { cursor }) }, d);
      assert.ok(outcome.ok);
      ids.push(...outcome.value.passages.map((passage) => passage.id));
      cursor = outcome.value.next_cursor;
      if (cursor === undefined) assert.equal(outcome.value.truncated, false);
    } while (cursor !== undefined);
    assert.equal(ids.length, 30);
    assert.equal(new Set(ids).size, 30);
    const again = await read({ work: 'PMC1', max_chars: 64000 }, d);
    assert.ok(again.ok);
    assert.deepEqual(
      again.value.passages.map((passage) => passage.id),
      ids,
    );
  });

  it('refuses a tampered, foreign or expired cursor with one static message', async () => {
    const d = deps();
    const first = await read({ work: 'PMC1', max_chars: 2000 }, d);
    assert.ok(first.ok);
    const cursor = first.value.next_cursor!;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'B' : 'A'}A`;
    for (const [value, why] of [
      [{ work: 'PMC1', max_chars: 2000, cursor: tampered }, 'tampered'],
      [{ work: 'PMC2', max_chars: 2000, cursor }, 'another work'],
      [{ work: 'PMC1', max_chars: 3000, cursor }, 'other arguments'],
      [{ work: 'PMC1', max_chars: 2000, find: 'lorem', cursor }, 'another question'],
    ] as const) {
      const outcome = await read(value, d);
      assert.deepEqual(outcome, { ok: false, error: { kind: 'invalid_arguments', message: M.cursorInvalid } }, why);
    }
    const late = deps({ tokens: new AesGcmSealedTokens(() => Date.now() + 2 * 60 * 60 * 1000) });
    const foreignProcess = await read({ work: 'PMC1', max_chars: 2000, cursor }, late);
    assert.equal(foreignProcess.ok, false);
    let now = Date.now();
    const clocked = deps({ tokens: new AesGcmSealedTokens(() => now) });
    const issued = await read({ work: 'PMC1', max_chars: 2000 }, clocked);
    assert.ok(issued.ok);
    now += 61 * 60 * 1000;
    const expired = await read({ work: 'PMC1', max_chars: 2000, cursor: issued.value.next_cursor }, clocked);
    assert.deepEqual(expired, { ok: false, error: { kind: 'invalid_arguments', message: M.cursorInvalid } });
  });

  it('refuses a cursor once the document changed', async () => {
    let document = LONG;
    const d = deps({ fullText: new FakeFullTextClient(() => fullTextOf(document)) });
    const first = await read({ work: 'PMC1', max_chars: 2000 }, d);
    assert.ok(first.ok);
    document = { ...LONG, source: { ...LONG.source, sha256: 'b'.repeat(64) } };
    const stale = await read({ work: 'PMC1', max_chars: 2000, cursor: first.value.next_cursor }, d);
    assert.deepEqual(stale, { ok: false, error: { kind: 'invalid_arguments', message: M.cursorStale } });
  });

  it('returns with find only the passages holding the terms, marked, with their neighbours', async () => {
    const outcome = await read({ work: 'PMC1', find: '"Passage 7"' });
    assert.ok(outcome.ok);
    assert.deepEqual(
      outcome.value.passages.map((passage) => [passage.text.slice(0, 10), passage.match === true]),
      [
        ['Passage 6 ', false],
        ['Passage 7 ', true],
        ['Passage 8 ', false],
      ],
    );
    const none = await read({ work: 'PMC1', find: 'zebrafish' });
    assert.ok(none.ok);
    assert.deepEqual(none.value.passages, []);
    assert.equal(none.value.note, 'No passage contains the find terms.');
  });

  it('reads one section by heading, and says so when none matches', async () => {
    const methods = await read({ work: 'PMC1', section: 'Methods' });
    assert.ok(methods.ok);
    assert.ok(methods.value.passages.length === 10 && methods.value.passages.every((passage) => passage.section_id === 's2'));
    const missing = await read({ work: 'PMC1', section: 'Results' });
    assert.ok(missing.ok);
    assert.deepEqual(missing.value.passages, []);
    assert.match(missing.value.note ?? '', /No section matches/);
  });

  it('rechecks recorded ids against the document as it reads now', async () => {
    const first = await read({ work: 'PMC1', max_chars: 2000 });
    assert.ok(first.ok);
    const id = first.value.passages[0]!.id;
    const again = await read({ work: 'PMC1', max_chars: 2000, recheck: [id, 'abstract-p1-00000000'] });
    assert.ok(again.ok);
    assert.deepEqual(again.value.rechecked, [
      { id, status: 'unchanged' },
      { id: 'abstract-p1-00000000', status: 'changed', current_id: id },
    ]);
  });

  it('answers no open full text, failed sources and disabled sources as normal results, per source', async () => {
    const none = await read(
      { work: '10.1/x' },
      deps({
        fullText: new FakeFullTextClient({
          work: { pmcid: 'PMC9' },
          attempts: [
            { provider: 'europepmc', outcome: 'no_open_full_text' },
            { provider: 'pmc', outcome: 'no_open_full_text' },
          ],
          openAccessUrl: 'https://europepmc.org/articles/PMC9',
        }),
      }),
    );
    assert.ok(none.ok);
    assert.equal(none.value.status, 'no_open_full_text');
    assert.deepEqual(none.value.work, { doi: '10.1/x', pmcid: 'PMC9' });
    assert.equal(none.value.open_access_url, 'https://europepmc.org/articles/PMC9');
    assert.equal(readFullTextOutput().safeParse(none.value).success, true);
    const failed = await read(
      { work: '10.1/x' },
      deps({ fullText: new FakeFullTextClient({ work: {}, attempts: [{ provider: 'europepmc', outcome: 'failed', errorKind: 'timeout' }] }) }),
    );
    assert.ok(failed.ok);
    assert.equal(failed.value.status, 'sources_failed');
    assert.deepEqual(failed.value.attempts, [{ provider: 'europepmc', outcome: 'failed', error_kind: 'timeout' }]);
  });

  it('does not ask the client at all when every source that could serve the work is disabled', async () => {
    const d = deps({ config: FakeConfigSource.withProviders({ arxiv: { enabled: false } }) });
    const outcome = await read({ work: 'arXiv:2609.04321' }, d);
    assert.ok(outcome.ok);
    assert.equal(outcome.value.status, 'not_run');
    assert.deepEqual(outcome.value.attempts, [{ provider: 'arxiv', outcome: 'disabled' }]);
    assert.equal(d.fullText.requests.length, 0);
    const noEurope = deps({
      config: FakeConfigSource.available({
        ...settingsWith({ pubmed: { enabled: true } }),
        sources: { ...DEFAULT_SETTINGS.sources, europepmc: { enabled: false } },
      }),
    });
    const doi = await read({ work: '10.1/x' }, noEurope);
    assert.ok(doi.ok);
    assert.equal(doi.value.status, 'not_run', 'PubMed Central needs the PMCID Europe PMC would find');
    assert.equal(noEurope.fullText.requests.length, 0);
  });

  it('sends PubMed Central keyless when PubMed has no key that resolves, and with the key when it does', async () => {
    const keyless = deps();
    await read({ work: 'PMC1' }, keyless);
    assert.deepEqual(keyless.fullText.requests[0]!.sources, { europepmc: true, pmc: {}, arxiv: true });
    const ref = secretReference(3);
    const keyed = deps({
      config: FakeConfigSource.withProviders({ pubmed: { enabled: true, apiKeyRef: ref } }),
      secrets: FakeSecretStore.withSecrets({ [ref]: 'k-123' }),
    });
    await read({ work: 'PMC1' }, keyed);
    assert.deepEqual(keyed.fullText.requests[0]!.sources.pmc, { apiKey: 'k-123' });
    const disabled = deps({ config: FakeConfigSource.withProviders({ pubmed: { enabled: false } }) });
    await read({ work: 'PMC1' }, disabled);
    assert.equal(disabled.fullText.requests[0]!.sources.pmc, undefined);
  });

  it("warns, as the search does, when PubMed Central was asked keyless because PubMed's key cannot be used (issue 24, row 8)", async () => {
    const ref = secretReference(3);
    const config = FakeConfigSource.withProviders({ pubmed: { enabled: true, apiKeyRef: ref } });
    const pmc = {
      ...fullTextOf(LONG),
      attempts: [
        { provider: 'europepmc', outcome: 'no_open_full_text' },
        { provider: 'pmc', outcome: 'full_text' },
      ],
    } as const;
    const asked = await read({ work: 'PMC1' }, deps({ config, secrets: FakeSecretStore.empty(), fullText: new FakeFullTextClient(pmc) }));
    assert.deepEqual(asked.ok && asked.value.warnings, ['pubmed: key_missing (searched keyless)']);
    const noStore = await read({ work: 'PMC1' }, deps({ config, secrets: FakeSecretStore.unavailable(), fullText: new FakeFullTextClient(pmc) }));
    assert.deepEqual(noStore.ok && noStore.value.warnings, ['pubmed: secret_store_unavailable (searched keyless)']);
    const europeOnly = await read({ work: 'PMC1' }, deps({ config, secrets: FakeSecretStore.empty() }));
    assert.equal(europeOnly.ok && europeOnly.value.warnings, undefined, 'no warning when PubMed Central was not asked');
  });

  it('refuses a work of no known shape and a find without a usable term, before reading settings', async () => {
    const config = FakeConfigSource.defaults();
    assert.deepEqual(await read({ work: 'https://evil.example/paper' }, deps({ config })), {
      ok: false,
      error: { kind: 'invalid_arguments', message: M.workFormat },
    });
    assert.deepEqual(await read({ work: 'PMC1', find: 'a "" b' }, deps({ config })), {
      ok: false,
      error: { kind: 'invalid_arguments', message: M.findTerms },
    });
    assert.equal(config.reads, 0);
  });

  it('maps unavailable settings and an unbuildable client to their tool errors', async () => {
    const unavailable = await read({ work: 'PMC1' }, deps({ config: FakeConfigSource.unavailable() }));
    assert.ok(!unavailable.ok && unavailable.error.kind === 'tool_error' && unavailable.error.reasonCode === 'native-config-unavailable');
    const broken = await read(
      { work: 'PMC1' },
      deps({
        fullText: new FakeFullTextClient(() => {
          throw new ProviderRuntimeUnavailableError();
        }),
      }),
    );
    assert.ok(!broken.ok && broken.error.kind === 'tool_error' && broken.error.reasonCode === 'provider-runtime-unavailable');
  });

  it('checks its arguments with static messages', () => {
    for (const [value, message] of [
      [{}, M.workMissing],
      [{ work: 1 }, M.workType],
      [{ work: ' ' }, M.workBlank],
      [{ work: 'PMC1', max_chars: 1999 }, M.maxCharsRange],
      [{ work: 'PMC1', max_chars: 64001 }, M.maxCharsRange],
      [{ work: 'PMC1', max_chars: 2.5 }, M.maxCharsType],
      [{ work: 'PMC1', recheck: ['x'] }, M.recheckType],
      [{ work: 'PMC1', recheck: Array.from({ length: 201 }, () => 's1-p1-00000000') }, M.recheckTooMany],
      [{ work: 'PMC1', other: 1 }, 'Unsupported argument'],
    ] as const) {
      const parsed = parseArguments(readFullTextInput(), value);
      assert.deepEqual(parsed, { ok: false, error: { kind: 'invalid_arguments', message } }, JSON.stringify(value).slice(0, 60));
    }
  });
});
