import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettingsDocument } from '../../../src/adapters/config-source/index.js';
import { DEFAULTS, FULL_SETTINGS, REF_A, fullDocument, fullDocumentWith, minimalDocument } from './settings-documents.js';

const refused = async (text: string, label = text) => assert.equal(await parseSettingsDocument(text), undefined, label);

describe('settings document schema (docs/configuration.md)', () => {
  it('maps every provider field, api_key_ref becoming apiKeyRef (docs/configuration.md)', async () => {
    assert.deepEqual(await parseSettingsDocument(JSON.stringify(fullDocument())), FULL_SETTINGS);
  });

  it('fills absent provider entries from the defaults (docs/configuration.md, decision)', async () => {
    assert.deepEqual(await parseSettingsDocument(JSON.stringify(minimalDocument())), DEFAULTS);
    const onlyCrossref = { ...minimalDocument(), providers: { crossref: { enabled: true, email: 'c@example.org' } } };
    assert.deepEqual(await parseSettingsDocument(JSON.stringify(onlyCrossref)), {
      ...DEFAULTS,
      providers: { ...DEFAULTS.providers, crossref: { enabled: true, email: 'c@example.org' } },
    });
  });

  it('reads the keyless sources opencitations and europepmc, enabled unless they say otherwise', async () => {
    const offOpenCitations = { ...minimalDocument(), providers: { opencitations: { enabled: false } } };
    assert.deepEqual((await parseSettingsDocument(JSON.stringify(offOpenCitations)))?.sources, {
      opencitations: { enabled: false },
      europepmc: { enabled: true },
    });
    await refused(
      fullDocumentWith((d) => (d.providers.europepmc = {})),
      'a source entry without enabled',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.opencitations.api_key_ref = REF_A)),
      'a key for a keyless source',
    );
  });

  it('returns deeply frozen settings, so one shared reading cannot be altered (docs/configuration.md)', async () => {
    const settings = await parseSettingsDocument(JSON.stringify(fullDocument()));
    assert.ok(settings);
    assert.ok(Object.isFrozen(settings) && Object.isFrozen(settings.providers) && Object.isFrozen(settings.providers.openalex));
    assert.ok(Object.isFrozen(settings.sources) && Object.isFrozen(settings.sources.europepmc));
  });

  it('refuses text that is not a JSON object (docs/configuration.md)', async () => {
    for (const text of ['', '{', '{"document_kind":}', 'null', '[]', '"x"', '1', "{'a':1}", '{"a":1,}']) await refused(text);
  });

  it('refuses duplicate keys, including escaped-equal and nested ones (docs/configuration.md)', async () => {
    const text = JSON.stringify(fullDocument());
    await refused(text.replace('"revision":7', '"revision":7,"revision":7'), 'top level');
    await refused(text.replace('"revision":7', '"revision":7,"r\\u0065vision":7'), 'escaped');
    await refused(text.replace('"arxiv":{"enabled":false}', '"arxiv":{"enabled":false,"enabled":false}'), 'nested');
    await refused(text.replace('"providers":{', '"providers":{"arxiv":{"enabled":true},'), 'provider twice');
  });

  it('refuses unknown keys at every level (docs/configuration.md)', async () => {
    await refused(
      fullDocumentWith((d) => (d.extra = true)),
      'top level',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.zotero = { enabled: true })),
      'unknown provider',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.openalex.api_key = 'sk-123')),
      'unknown provider field',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.arxiv.email = 'a@example.org')),
      'field of another provider',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.crossref.api_key_ref = REF_A)),
      'crossref takes no key',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.semantic_scholar.email = 'a@example.org')),
      'semantic scholar takes no email',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.pubmed.email = 'a@example.org')),
      'pubmed takes no email',
    );
    await refused(JSON.stringify(fullDocument()).replace('"revision":7', '"revision":7,"__proto__":{}'), '__proto__');
  });

  it('refuses a wrong document_kind or schema_version (docs/configuration.md)', async () => {
    for (const kind of ['qiongli-settings', 'Qiongli-Global-Settings', '', 1]) {
      await refused(
        fullDocumentWith((d) => (d.document_kind = kind)),
        String(kind),
      );
    }
    for (const version of [0, 2, '1', 1.5, null])
      await refused(
        fullDocumentWith((d) => (d.schema_version = version)),
        String(version),
      );
    await refused(
      fullDocumentWith((d) => delete d.document_kind),
      'no document_kind',
    );
    await refused(
      fullDocumentWith((d) => delete d.schema_version),
      'no schema_version',
    );
  });

  it('requires revision to be a non-negative safe integer (docs/configuration.md, decision)', async () => {
    for (const revision of [0, 1, Number.MAX_SAFE_INTEGER]) {
      assert.ok(await parseSettingsDocument(fullDocumentWith((d) => (d.revision = revision))), String(revision));
    }
    for (const revision of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, '3', null]) {
      await refused(
        fullDocumentWith((d) => (d.revision = revision)),
        String(revision),
      );
    }
    await refused(
      fullDocumentWith((d) => delete d.revision),
      'no revision',
    );
  });

  it('accepts default_profile as a short profile name only (docs/configuration.md, decision)', async () => {
    for (const profile of ['lite', 'marketplace-lite', 'full', 'a'.repeat(64)]) {
      assert.ok(await parseSettingsDocument(fullDocumentWith((d) => (d.default_profile = profile))), profile);
    }
    assert.ok(await parseSettingsDocument(fullDocumentWith((d) => delete d.default_profile)), 'absent');
    for (const profile of ['', 'Lite', 'a'.repeat(65), 'lite pro', '-lite', 3, null]) {
      await refused(
        fullDocumentWith((d) => (d.default_profile = profile)),
        String(profile),
      );
    }
  });

  it('requires the providers object and enabled in every provider entry given (docs/configuration.md)', async () => {
    await refused(
      fullDocumentWith((d) => delete d.providers),
      'no providers',
    );
    await refused(
      fullDocumentWith((d) => (d.providers = null)),
      'null providers',
    );
    await refused(
      fullDocumentWith((d) => delete d.providers.arxiv.enabled),
      'no enabled',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.arxiv.enabled = 'true')),
      'string enabled',
    );
    await refused(
      fullDocumentWith((d) => (d.providers.arxiv = true)),
      'provider not an object',
    );
  });

  it('accepts emails of 1–320 characters without control characters (docs/configuration.md)', async () => {
    for (const email of ['a', 'x'.repeat(320), 'ünï@例え.jp', '😀'.repeat(320)]) {
      assert.ok(await parseSettingsDocument(fullDocumentWith((d) => (d.providers.crossref.email = email))), email);
    }
    for (const email of ['', 'x'.repeat(321), 'a\n@example.org', 'a\u0000b', 'tab\there', 'del\u007f', 'c1\u0085', 7, null]) {
      await refused(
        fullDocumentWith((d) => (d.providers.crossref.email = email)),
        JSON.stringify(email),
      );
      await refused(
        fullDocumentWith((d) => (d.providers.openalex.email = email)),
        JSON.stringify(email),
      );
    }
  });

  it('accepts a secret reference only as qsr1_ + 32 lowercase hex digits (docs/configuration.md, decision)', async () => {
    const bad = [
      'qsr1_0123456789ABCDEF0123456789ABCDEF',
      'qsr1_0123456789abcdef0123456789abcde',
      'qsr1_0123456789abcdef0123456789abcdef0',
      'qsr2_0123456789abcdef0123456789abcdef',
      'QSR1_0123456789abcdef0123456789abcdef',
      'qsr1_0123456789abcdef0123456789abcdeg',
      ' qsr1_0123456789abcdef0123456789abcdef',
      'qsr1_0123456789abcdef0123456789abcdef\n',
      'sk-live-123',
      '',
      42,
    ];
    for (const reference of bad) {
      for (const provider of ['openalex', 'semantic_scholar', 'pubmed']) {
        await refused(
          fullDocumentWith((d) => (d.providers[provider].api_key_ref = reference)),
          `${provider} ${String(reference)}`,
        );
      }
    }
  });
});
