import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';
import { PROJECT_ROOT, SERVE_ARGS } from '../support/built-program.js';
import { configHomeWith, exchangeWith, testEnv } from '../support/run-program.js';
import { call, initialize, request, toolErrorOf } from '../support/messages.js';
import { REFERENCE_WORLD, WORLD_BIBLIOGRAPHY } from '../support/reference-world.js';

const TOOL = 'qiongli_literature_check_references';
const VERIFY_GRANT = ['--capabilities', 'config,literature,evidence,zotero,orchestration,verify'];
/** The harness serving the built server's composition with every source at a loopback of real bodies (npm run build bundles it). */
const HARNESS = join(PROJECT_ROOT, 'dist', 'test', 'harness', 'serve-with-reference-sources.mjs');
const SOURCES = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'];

describe('the reference check through the built program (docs/tools.md#the-reference-check)', () => {
  it('is listed after the twelve only with verify granted; with every source disabled it asks none and says so', async () => {
    const env = testEnv({ QIONGLI_CONFIG_HOME: configHomeWith(Object.fromEntries(SOURCES.map((source) => [source, { enabled: false }]))) });
    const { responses, run } = await exchangeWith(
      { args: [...SERVE_ARGS, ...VERIFY_GRANT], env },
      initialize(0, '2025-06-18'),
      request(1, 'tools/list'),
      call(2, TOOL, { references: WORLD_BIBLIOGRAPHY }),
      call(3, TOOL, { references: [{ title: 'A' }], format: 'bibtex' }),
      call(4, TOOL, { references: 'x', cursor: 'q1.forged' }),
    );
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
    const byId = (id: number) => responses.find((response) => response.id === id);
    assert.deepEqual(
      byId(1).result.tools.map((tool: { name: string }) => tool.name),
      [...FROZEN_TOOL_ORDER, TOOL],
    );
    const notRun = byId(2).result.structuredContent;
    assert.equal(notRun.status, 'warning');
    assert.equal(notRun.summary.unchecked, 6);
    assert.deepEqual(notRun.diagnostics, {
      status: 'not_run',
      status_reason: 'no_active_providers',
      providers: {},
      warnings: ['no active literature providers; no reference was checked'],
    });
    assert.equal(toolErrorOf(byId(3).result).message, 'format applies only to a references string');
    assert.equal(toolErrorOf(byId(4).result).message, 'cursor is invalid or has expired; call again without cursor');
    assert.ok(!run.stdout.toString('utf8').includes('forged'));
  });

  it('without verify granted, the tool is unknown, exactly like a tool that does not exist', async () => {
    const { responses, run } = await exchangeWith(
      { env: testEnv() },
      initialize(0, '2025-06-18'),
      call(1, TOOL, { references: 'x' }),
      call(2, 'qiongli_nope', {}),
    );
    assert.equal(run.code, 0);
    const [unknownCheck, unknown] = [1, 2].map((id) => responses.find((response) => response.id === id).error);
    assert.deepEqual(unknownCheck, unknown);
  });

  it('checks a bibliography over real stdio with the real lookups and pacing against loopback sources', { timeout: 120_000 }, async () => {
    const { responses, run } = await exchangeWith(
      { program: HARNESS, args: [...SERVE_ARGS, ...VERIFY_GRANT], env: testEnv() },
      initialize(0, '2025-06-18'),
      call(1, TOOL, { references: WORLD_BIBLIOGRAPHY, providers: ['crossref', 'openalex', 'pubmed', 'arxiv'] }),
    );
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
    const { checks, diagnostics } = responses.find((response) => response.id === 1).result.structuredContent;
    assert.deepEqual(
      checks.map((entry: { verdict: string }) => entry.verdict),
      ['verified', 'verified', 'mismatch', 'not_found', 'verified', 'verified'],
    );
    assert.equal(checks[0].flags.retracted.notice_doi, '10.1016/s0140-6736(10)60175-4');
    assert.equal(checks[1].versions[0].record.doi, REFERENCE_WORLD.chemcrowPreprintDoi);
    assert.equal(diagnostics.status, 'complete');
    assert.deepEqual(Object.keys(diagnostics.providers), ['crossref', 'openalex', 'pubmed', 'arxiv']);
  });
});
