import assert from 'node:assert/strict';
import { UndiciZoteroConnector } from '../../../src/adapters/zotero-connector/index.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import type { Result } from '../../../src/domain/shared/result.js';
import type { ToolFailure } from '../../../src/domain/shared/tool-failure.js';
import { saveToZotero, type ZoteroDeliveryPorts } from '../../../src/domain/zotero-delivery/save-to-zotero.js';
import { zoteroSaveInput, zoteroSaveMessagePrecedence } from '../../../src/domain/zotero-delivery/zotero-save-input.js';
import type { ZoteroSaveAnswer } from '../../../src/domain/zotero-delivery/zotero-save-output.js';
import { DEFAULT_SETTINGS } from '../../../src/domain/provider-readiness/provider-readiness.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';

/** Settings with Zotero delivery switched on (or off): the consent the save reads. */
export const zoteroSettings = (enabled = true): FakeConfigSource => FakeConfigSource.available({ ...DEFAULT_SETTINGS, zotero: { enabled } });

/** Checks the arguments as the MCP layer does, then saves through the real adapter (or the given ports). */
export async function save(
  args: unknown,
  ports: Partial<ZoteroDeliveryPorts> = {},
  progress: Array<[number, number]> = [],
  signal: AbortSignal = new AbortController().signal,
): Promise<Result<ZoteroSaveAnswer, ToolFailure>> {
  const parsed = parseArguments(zoteroSaveInput(), args, zoteroSaveMessagePrecedence);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error.message);
  const context = { signal, reportProgress: (done: number, total: number) => progress.push([done, total]) };
  return saveToZotero(
    parsed.value,
    { connector: new UndiciZoteroConnector({ timeouts: { shortMs: 1_500, longMs: 2_000 } }), settings: zoteroSettings(), ...ports },
    context,
  );
}

/** The answer of a save that succeeded (fails the test otherwise). */
export async function saved(args: unknown, ports: Partial<ZoteroDeliveryPorts> = {}): Promise<ZoteroSaveAnswer> {
  const result = await save(args, ports);
  assert.ok(result.ok, result.ok ? '' : `${result.error.kind}: ${result.error.kind === 'tool_error' ? result.error.reasonCode : result.error.message}`);
  return result.value;
}

/** The reason code of a save that failed with a tool error. */
export async function refusedWith(args: unknown, ports: Partial<ZoteroDeliveryPorts> = {}): Promise<{ reasonCode: string; message: string }> {
  const result = await save(args, ports);
  assert.ok(!result.ok && result.error.kind === 'tool_error', 'a tool error');
  return { reasonCode: result.error.reasonCode, message: result.error.message };
}

/** One record of each type, with the fields delivery must carry (docs/zotero.md#what-is-sent). */
export const RECORDS = {
  arxivPreprint: {
    title: 'Scaling laws for sparse models',
    provider: 'arxiv',
    providers: ['arxiv'],
    year: 2024,
    authors: [{ family: 'Chen', given: 'Li' }, { family: 'Okafor', given: 'Ada' }, { literal: 'The Sparse Team' }],
    url: 'https://arxiv.org/abs/2401.01234',
    open_access_url: 'https://arxiv.org/pdf/2401.01234',
    identifiers: { arxiv: '2401.01234' },
    abstract: 'We study sparse models.',
    record_type: 'preprint',
  },
  biorxivPreprint: {
    title: 'Protein folding in yeast',
    provider: 'crossref',
    year: 2023,
    venue: 'bioRxiv',
    doi: '10.1101/2023.01.01.522222',
    record_type: 'preprint',
  },
  article: {
    title: 'A retracted trial',
    provider: 'pubmed',
    year: 2019,
    venue: 'The Lancet',
    doi: 'https://doi.org/10.1016/S0140-6736(19)30001-1',
    identifiers: { pmid: '30612345' },
    open_access_url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC6543210/',
    retracted: true,
    record_type: 'article',
  },
  review: { title: 'Graph neural networks: a review', year: 2020, venue: 'AI Open', doi: '10.1016/j.aiopen.2021.01.001', record_type: 'review' },
  conferencePaper: {
    title: 'Attention in proceedings',
    year: 2017,
    venue: 'Advances in Neural Information Processing Systems',
    doi: '10.5555/3295222',
    record_type: 'conference_paper',
  },
  chapter: { title: 'Ecology of lakes', year: 2015, venue: 'Handbook of Limnology', doi: '10.1007/978-3-319-00000-0_3', record_type: 'book_chapter' },
  book: { title: 'Statistical Rethinking', year: 2020, venue: 'CRC Press', doi: '10.1201/9780429029608', record_type: 'book' },
  thesis: { title: 'On sparse graphs', year: 2012, venue: 'University of Oslo', record_type: 'thesis' },
  dataset: { title: 'Global lake temperatures', year: 2021, venue: 'Zenodo', doi: '10.5281/zenodo.123456', record_type: 'dataset' },
  other: { title: 'A report of sorts', year: 2010, venue: 'Some Institute', record_type: 'other' },
} as const;
