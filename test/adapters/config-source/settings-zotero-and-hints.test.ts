import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderInspection } from '../../../src/adapters/cli/config-check-output.js';
import { parseSettingsDocument, parseSettingsText } from '../../../src/adapters/config-source/index.js';
import { nearMissOf } from '../../../src/adapters/config-source/near-miss.js';
import { createConfigHome, type ConfigHome } from './config-home.js';
import { fullDocument, fullDocumentWith, minimalDocument } from './settings-documents.js';

describe('the zotero entry of the settings (SPEC §15, docs/configuration.md#zotero-delivery)', () => {
  it('is off when absent, and says enabled when the document says so', async () => {
    assert.deepEqual((await parseSettingsDocument(JSON.stringify(minimalDocument())))?.zotero, { enabled: false });
    assert.deepEqual((await parseSettingsDocument(JSON.stringify({ ...minimalDocument(), zotero: { enabled: true } })))?.zotero, { enabled: true });
    assert.deepEqual((await parseSettingsDocument(JSON.stringify(fullDocument())))?.zotero, { enabled: true });
  });

  it('refuses anything but {enabled: boolean}, naming the key path', async () => {
    const problems = async (change: (document: Record<string, unknown>) => void) => {
      const parsed = await parseSettingsText(fullDocumentWith(change));
      return parsed.ok ? [] : parsed.error.map((problem) => `${problem.rule}: ${problem.detail}`);
    };
    assert.deepEqual(await problems((d) => (d.zotero = true)), ['wrong-value: zotero must be an object with "enabled"']);
    assert.deepEqual(await problems((d) => (d.zotero = {})), ['missing-key: zotero lacks the key "enabled"']);
    assert.deepEqual(await problems((d) => (d.zotero = { enabled: 'yes' })), ['wrong-value: zotero.enabled must be true or false']);
    assert.deepEqual(await problems((d) => (d.zotero = { enabled: true, enable: true })), [
      'unknown-key: zotero has an unknown key "enable" (did you mean "enabled"?)',
    ]);
  });
});

describe('did you mean: near misses of known keys (issue 25, row 10)', () => {
  it('names the provider a typo or an alias means', () => {
    assert.equal(nearMissOf(['providers'], 'semanticscholar'), 'semantic_scholar');
    assert.equal(nearMissOf(['providers'], 'Semantic-Scholar'), 'semantic_scholar');
    assert.equal(nearMissOf(['providers'], 's2'), 'semantic_scholar');
    assert.equal(nearMissOf(['providers'], 'ncbi'), 'pubmed');
    assert.equal(nearMissOf(['providers'], 'crosref'), 'crossref');
    assert.equal(nearMissOf(['providers'], 'OpenAlex'), 'openalex');
    assert.equal(nearMissOf([], 'provider'), 'providers');
    assert.equal(nearMissOf(['providers', 'openalex'], 'enable'), 'enabled');
    assert.equal(nearMissOf(['providers'], 'unpaywall'), undefined);
    assert.equal(nearMissOf(['providers'], 'zotero'), undefined, 'zotero is not a provider: no circular advice');
  });

  it('heads config check with "did you mean" for semanticscholar, not with the advice about API keys', async () => {
    const parsed = await parseSettingsText(fullDocumentWith((d) => (d.providers.semanticscholar = { enabled: true })));
    assert.ok(!parsed.ok);
    const report = renderInspection({ kind: 'unusable', file: '/cfg/settings.json', problems: parsed.error });
    assert.equal(
      report.stderr.split('\n')[0],
      'error: the settings are unusable: settings.json has a key Qiongli does not know: did you mean "semantic_scholar"?',
    );
    assert.match(report.stderr, /providers has an unknown key "semanticscholar" \(did you mean "semantic_scholar"\?\)/);
    assert.doesNotMatch(report.stderr, /credential store/);
  });
});

describe('config check sends no terminal control or bidi override from the file (issue 24, row 5)', () => {
  let home: ConfigHome;
  beforeEach(async () => {
    home = await createConfigHome();
  });
  afterEach(() => home.remove());

  // C1 controls (U+009B is a CSI), bidi overrides, embeddings, isolates and marks, line separators.
  const UNSAFE = /[\u0080-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
  const KEY = 'x\u009b31m\u202egnp.exe\u2066';
  const texts: [string, string][] = [
    ['an unknown key at the top', JSON.stringify({ ...fullDocument(), [KEY]: 1 })],
    ['an unknown provider', fullDocumentWith((d) => (d.providers[KEY] = { enabled: true }))],
    ['an unknown key of a provider', fullDocumentWith((d) => (d.providers.arxiv[KEY] = true))],
    ['an unknown key of zotero', fullDocumentWith((d) => (d.zotero[KEY] = true))],
    ['a duplicate key', `{"${KEY}": 1, "${KEY}": 2}`],
  ];
  for (const [label, text] of texts) {
    it(`replaces them in ${label}`, async () => {
      await home.write(text);
      const report = renderInspection(await home.source().inspect());
      assert.equal(report.code, 1);
      assert.doesNotMatch(report.stderr, UNSAFE);
      assert.match(report.stderr, /x\?31m\?gnp\.exe\?/, 'the key is still shown, its unsafe characters as ?');
    });
  }
});
