import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';
import { SERVE_ARGS } from '../support/built-program.js';
import { exchangeWith, isolatedConfigHome, testEnv } from '../support/run-program.js';
import { call, initialize, request, toolErrorOf } from '../support/messages.js';

const GRAPH_GRANT = ['--capabilities', 'config,literature,evidence,zotero,orchestration,graph'];
const GRAPH_TOOLS = ['qiongli_literature_references', 'qiongli_literature_citations'];

/** A configuration home whose settings disable every graph source: the graph tools then touch no network. */
function sourcesOff(): string {
  const home = isolatedConfigHome();
  const providers = { openalex: { enabled: false }, semantic_scholar: { enabled: false }, crossref: { enabled: false }, opencitations: { enabled: false } };
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ document_kind: 'qiongli-global-settings', schema_version: 1, revision: 1, providers }), {
    mode: 0o600,
  });
  return home;
}

describe('the citation graph through the built program (docs/tools.md#the-citation-graph)', () => {
  it('lists the two graph tools after the twelve only when graph is granted, and answers as a user would see it', async () => {
    const env = testEnv({ QIONGLI_CONFIG_HOME: sourcesOff() });
    const { responses, run } = await exchangeWith(
      { args: [...SERVE_ARGS, ...GRAPH_GRANT], env },
      initialize(0, '2025-06-18'),
      request(1, 'tools/list'),
      call(2, 'qiongli_literature_references', { work: 'https://doi.org/10.1038/NATURE14539' }),
      call(3, 'qiongli_literature_citations', { work: '10.1038/x', providers: ['crossref'] }),
      call(4, 'qiongli_literature_citations', { work: 'not a work\u0000' }),
      call(5, 'qiongli_literature_references', { work: '10.1038/x', cursor: 'q1.forged' }),
    );
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
    const byId = (id: number) => responses.find((response) => response.id === id);
    assert.deepEqual(
      byId(1).result.tools.map((tool: { name: string }) => tool.name),
      [...FROZEN_TOOL_ORDER, ...GRAPH_TOOLS],
    );
    const notRun = byId(2).result.structuredContent;
    assert.deepEqual(notRun, {
      status: 'warning',
      direction: 'references',
      edges: [],
      diagnostics: {
        status: 'not_run',
        status_reason: 'no_active_sources',
        providers: {},
        warnings: ['no active citation-graph sources; no network request was performed'],
      },
    });
    assert.equal(toolErrorOf(byId(3).result).message, 'unsupported provider');
    assert.match(toolErrorOf(byId(4).result).message, /^work must be a DOI/u);
    assert.equal(toolErrorOf(byId(5).result).message, 'cursor is invalid or has expired; call again without cursor');
    assert.ok(!run.stdout.toString('utf8').includes('forged'));
  });

  it('without graph granted, a graph tool is unknown, exactly like a tool that does not exist', async () => {
    const { responses, run } = await exchangeWith(
      { env: testEnv() },
      initialize(0, '2025-06-18'),
      call(1, 'qiongli_literature_citations', { work: '10.1/x' }),
      call(2, 'qiongli_nope', {}),
    );
    assert.equal(run.code, 0);
    const [unknownGraph, unknown] = [1, 2].map((id) => responses.find((response) => response.id === id).error);
    assert.deepEqual(unknownGraph, unknown);
    assert.equal(unknownGraph.code, -32602);
  });
});
