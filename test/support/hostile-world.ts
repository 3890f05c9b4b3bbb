/**
 * Every port a tool reads from the outside world, answering hostile-but-valid data at the sizes
 * the adapters let through (issue 26, item 1; docs/tools.md#answers-that-fit-a-models-context):
 * long titles with quotes and control characters (each written as 2 or 6 characters in JSON),
 * 60 authors a record, long venues, 6,000-character abstracts (cut to 2,000), many records per
 * provider, hundreds of graph edges with long contexts, a long full text. Every tool of either
 * profile runs over it: the answer budget is measured on what these ports can make the tools say.
 */
import type { ProviderRecord } from '../../src/ports/provider-client.port.js';
import type { ContainerOverrides } from '../../src/composition/create-container.js';
import type { SetupPages } from '../../src/ports/setup-page.port.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';
import { FakeSettingsWriter } from '../fakes/settings-writer.fake.js';
import { FakeProviderClient } from '../fakes/provider-client.fake.js';
import { FakeCitationGraphClient, fakeWork } from '../fakes/citation-graph.fake.js';
import { FakeFullTextClient, documentOf } from '../fakes/fulltext-client.fake.js';
import { FakeReferenceLookup } from '../fakes/reference-lookup.fake.js';
import { fakeZotero } from '../fakes/zotero-connector.fake.js';
import { FakeConfigSource, settingsWith } from '../fakes/config-source.fake.js';

const PROVIDERS = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] as const;

/** Text of `length` characters with a quote and a control character every few words. */
const hostileText = (seed: string, length: number): string =>
  `${seed} "quoted" \u0001 `
    .repeat(Math.ceil(length / (seed.length + 12)))
    .slice(0, length)
    .trim();

/** One hostile record, `index` making it distinct; every seventh shared by every provider (merged). */
export const hostileRecord = (provider: string, index: number): ProviderRecord => {
  const shared = index % 7 === 0;
  return {
    title: hostileText(`${shared ? 'Shared' : provider} work ${index}`, 1000),
    doi: `10.9999/${shared ? 'shared' : provider}.${index}`,
    year: 1990 + (index % 35),
    venue: hostileText('Journal of long venue names', 300),
    authors: Array.from({ length: 60 }, (_, n) =>
      n % 5 === 0 ? { literal: `Consortium member ${n} "team"` } : { family: `Family${n}`, given: `Given Name ${n}` },
    ),
    url: `https://example.org/${provider}/${index}?q=${'x'.repeat(200)}`,
    identifiers: { openalex: `W${index}`, semantic_scholar: 'f'.repeat(40), pmid: `${index}`, arxiv: `2101.${index}` },
    abstract: hostileText('An abstract sentence', 6000),
    cited_by_count: index * 13,
    open_access_url: `https://example.org/pdf/${index}`,
    ...(index % 11 === 0 ? { retracted: true as const } : {}),
  };
};

/** The setup page, never really opened. */
const pages: SetupPages = {
  open: () =>
    Promise.resolve({
      ok: true,
      value: { status: 'ready', url: 'http://127.0.0.1:1/start?token=t', tokenUsed: false, expiresAt: 0, saved: new Promise<boolean>(() => undefined) },
    }),
  close: () => Promise.resolve(),
};

/** Container overrides that put every outside port on hostile data: every provider and source enabled, no secret store. */
export function hostileWorld(): ContainerOverrides {
  const providers = new FakeProviderClient();
  for (const provider of PROVIDERS)
    providers.respondWith(
      provider,
      Array.from({ length: 200 }, (_, index) => hostileRecord(provider, index)),
    );
  const edges = Array.from({ length: 400 }, (_, index) => ({
    record: hostileRecord('graph', index),
    contexts: [hostileText('A citing sentence', 1500), hostileText('Another citing sentence', 1500)],
    intents: ['background', 'methodology'],
    influential: index % 3 === 0,
  }));
  const source = { work: fakeWork({ doi: '10.9999/seed', openalex: 'W1' }, { record: hostileRecord('seed', 1) }), references: edges, citations: edges };
  const graph = new FakeCitationGraphClient({ openalex: source, semantic_scholar: source, opencitations: source, crossref: source });
  const document = documentOf(
    Array.from({ length: 40 }, (_, index): [string, string] => [`s${index + 1}`, hostileText(`Section ${index}`, 200)]),
    Array.from({ length: 400 }, (_, index): [number, string] => [index % 40, hostileText(`Passage ${index}`, 3000)]),
  );
  // The reference check's sources: every source knows 200 hostile works, each with notices and versions.
  const works = Array.from({ length: 200 }, (_, index) => ({
    record: hostileRecord('crossref', index),
    notices: [{ type: 'retraction', place: 'updated_by' as const, noticeDoi: `10.9999/notice.${index}`, date: '2024-01-02' }],
    versions: [{ relation: 'preprint_of' as const, place: 'crossref_relation' as const, doi: `10.9999/vor.${index}`, venue: hostileText('A venue', 300) }],
  }));
  const referenceSource = { works };
  // The person's Zotero, delivery switched on, already holding every record a save sends (each skipped, named in the answer).
  const collections = Array.from({ length: 500 }, (_, index) => ({
    key: `C${index}`,
    name: hostileText(`Collection ${index}`, 1000),
    library: hostileText('My Library', 500),
    level: 1,
  }));
  const zotero = fakeZotero({
    targets: async () => ({ ok: true, value: { selected: collections[0]!, targets: collections } }),
    findInLibrary: async (lookup) => ({ ok: true, value: lookup.by === 'doi' ? [{ itemType: 'journalArticle', title: 'held', doi: lookup.doi }] : [] }),
  });
  return {
    configSource: FakeConfigSource.available({ ...settingsWith({}), zotero: { enabled: true } }),
    zoteroConnector: zotero,
    referenceLookup: new FakeReferenceLookup({
      crossref: referenceSource,
      openalex: referenceSource,
      semantic_scholar: referenceSource,
      pubmed: referenceSource,
      arxiv: referenceSource,
    }),
    secretStore: FakeSecretStore.unavailable(),
    providerClient: providers,
    citationGraphClient: graph,
    fullTextClient: new FakeFullTextClient({ work: { doi: '10.9999/seed', pmcid: 'PMC1' }, document, attempts: [] }),
    setupPages: pages,
    settingsWriter: FakeSettingsWriter.defaults(),
  };
}
