import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { UseCaseId } from '../../../src/index.js';
import { NETWORK_HINT, PROXY_HINT, failureWarning, networkHint } from '../../../src/domain/shared/provider-warnings.js';
import { summariseRuns } from '../../../src/domain/literature-search/search-diagnostics.js';
import { readFullText } from '../../../src/domain/fulltext/read-fulltext.js';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import type { SourceAttempt } from '../../../src/ports/fulltext-client.port.js';
import { FakeCitationGraphClient } from '../../fakes/citation-graph.fake.js';
import { FakeConfigSource, settingsWith } from '../../fakes/config-source.fake.js';
import { FakeFullTextClient } from '../../fakes/fulltext-client.fake.js';
import { FakeSecretStore } from '../../fakes/secret-store.fake.js';
import { quietContext, runUseCase } from '../../support/use-cases.js';

/** A full-text read of a DOI whose sources answered `attempts`: its note. */
async function fullTextNote(attempts: SourceAttempt[]): Promise<string> {
  const outcome = await readFullText(
    { work: '10.1038/s42256-024-00832-8' } as never,
    {
      config: FakeConfigSource.withProviders({ pubmed: { enabled: true } }),
      secrets: FakeSecretStore.unavailable(),
      fullText: new FakeFullTextClient({ work: {}, attempts }),
      tokens: new AesGcmSealedTokens(),
      digest: (text) => createHash('sha256').update(text).digest('hex'),
    },
    quietContext(),
  );
  assert.ok(outcome.ok);
  return outcome.value.note ?? '';
}

describe('one wording of a provider failure in every tool (issue 25, row 7)', () => {
  it('words a failure as <source>: <kind> (<cause>), and hints at the proxy or the network only for a connection cause', () => {
    assert.equal(failureWarning('crossref', { kind: 'transport_error', cause: 'name resolution' }), 'crossref: transport_error (name resolution)');
    assert.equal(failureWarning('crossref', { kind: 'http_error' }), 'crossref: http_error');
    assert.equal(networkHint([{ kind: 'http_error' }, { kind: 'timeout' }]), undefined);
    assert.equal(networkHint([{ kind: 'transport_error', cause: 'connection refused' }]), NETWORK_HINT);
    assert.equal(
      networkHint([
        { kind: 'transport_error', cause: 'TLS' },
        { kind: 'transport_error', cause: 'proxy' },
      ]),
      PROXY_HINT,
    );
    assert.match(NETWORK_HINT, /network connection.*HTTPS_PROXY/u);
    assert.match(PROXY_HINT, /HTTPS_PROXY/u);
  });

  it('search: each failed provider warns with its cause, the hint once after them', () => {
    const runs = [
      { provider: 'crossref', outcome: { ok: false, error: { kind: 'transport_error', cause: 'name resolution' } } },
      { provider: 'arxiv', outcome: { ok: false, error: { kind: 'transport_error', cause: 'name resolution' } } },
      { provider: 'openalex', outcome: { ok: false, error: { kind: 'http_error' } } },
    ] as const;
    const { diagnostics } = summariseRuns(runs, 0);
    assert.deepEqual(diagnostics.warnings, [
      'crossref: transport_error (name resolution)',
      'arxiv: transport_error (name resolution)',
      'openalex: http_error',
      NETWORK_HINT,
    ]);
    assert.equal(diagnostics.providers.crossref?.error_kind, 'transport_error');
  });

  it('citation graph: a source that failed to connect warns with its cause, the hint once', async () => {
    const outcome = await runUseCase(
      UseCaseId.literatureReferences,
      { work: '10.7777/work', providers: ['openalex', 'crossref'] },
      {
        configSource: FakeConfigSource.available(settingsWith({ openalex: { enabled: true }, crossref: { enabled: true } })),
        secretStore: FakeSecretStore.unavailable(),
        citationGraphClient: new FakeCitationGraphClient({
          openalex: { failure: 'transport_error', cause: 'proxy' },
          crossref: { failure: 'transport_error', cause: 'proxy' },
        }),
      },
    );
    assert.ok(outcome.ok);
    const { diagnostics } = outcome.value;
    assert.equal(diagnostics.providers.openalex.warning, 'openalex: transport_error (proxy)');
    assert.equal(diagnostics.providers.crossref.error_kind, 'transport_error');
    assert.deepEqual(diagnostics.warnings, ['openalex: transport_error (proxy)', 'crossref: transport_error (proxy)', PROXY_HINT]);
  });

  it('full text: the note names each failed source with its cause and the hint; other failures still say try again later', async () => {
    assert.equal(
      await fullTextNote([{ provider: 'europepmc', outcome: 'failed', errorKind: 'transport_error', errorCause: 'name resolution' }]),
      `Every source that could serve this work failed (europepmc: transport_error (name resolution)). ${NETWORK_HINT.charAt(0).toUpperCase()}${NETWORK_HINT.slice(1)}.`,
    );
    assert.equal(
      await fullTextNote([{ provider: 'europepmc', outcome: 'failed', errorKind: 'rate_limited' }]),
      'Every source that could serve this work failed (europepmc: rate_limited). Try again later.',
    );
    assert.match(
      await fullTextNote([
        { provider: 'europepmc', outcome: 'no_open_full_text' },
        { provider: 'pmc', outcome: 'failed', errorKind: 'transport_error', errorCause: 'proxy' },
      ]),
      /^No open-access full text was found for this work; attempts says what each source answered \(pmc: transport_error \(proxy\)\)\. A request could not pass the proxy: check HTTPS_PROXY/u,
    );
  });
});
