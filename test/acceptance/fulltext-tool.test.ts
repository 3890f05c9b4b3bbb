import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';
import { SERVE_ARGS } from '../support/built-program.js';
import { call, initialize, request, toolErrorOf } from '../support/messages.js';
import { exchangeWith, isolatedConfigHome } from '../support/run-program.js';
import { networkGuardEnv } from '../support/network-guard.js';

const TOOL = 'qiongli_literature_read_fulltext';
const WITH_FULLTEXT = [...SERVE_ARGS, '--capabilities', 'config,literature,evidence,zotero,orchestration,fulltext'];

/** A configuration home whose settings disable every full-text source: a read never reaches the network. */
function everySourceDisabled(): string {
  const home = isolatedConfigHome();
  const settings = {
    document_kind: 'qiongli-global-settings',
    schema_version: 1,
    revision: 1,
    providers: { pubmed: { enabled: false }, arxiv: { enabled: false }, europepmc: { enabled: false } },
  };
  writeFileSync(join(home, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });
  return home;
}

describe('the full-text reader in the built program (docs/tools.md#qiongli_literature_read_fulltext)', () => {
  it('is listed after the frozen twelve only when fulltext is granted; the default list stays the twelve', async () => {
    const granted = await exchangeWith({ args: WITH_FULLTEXT }, initialize(1), request(2, 'tools/list'));
    const tool = granted.responses[1].result.tools.at(-1);
    assert.deepEqual(
      granted.responses[1].result.tools.map((listed: { name: string }) => listed.name),
      [...FROZEN_TOOL_ORDER, TOOL],
    );
    assert.deepEqual(tool.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
    assert.deepEqual(tool.inputSchema.required, ['work']);
    const lite = await exchangeWith({}, initialize(1), request(2, 'tools/list'));
    assert.deepEqual(
      lite.responses[1].result.tools.map((listed: { name: string }) => listed.name),
      [...FROZEN_TOOL_ORDER],
    );
  });

  it('reads nothing when every source is disabled, answers not_run, and leaves stderr empty', async () => {
    const { responses, run } = await exchangeWith(
      { args: WITH_FULLTEXT, env: { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: everySourceDisabled(), ...networkGuardEnv() } },
      initialize(1),
      call(2, TOOL, { work: 'arXiv:2609.04321' }),
      call(3, TOOL, { work: '10.1038/s41392-025-02280-1' }),
      call(4, TOOL, { work: 'https://example.org/paper' }),
    );
    const answer = (id: number) => responses.find((response) => response.id === id);
    assert.deepEqual(answer(2).result.structuredContent.attempts, [{ provider: 'arxiv', outcome: 'disabled' }]);
    assert.equal(answer(2).result.structuredContent.status, 'not_run');
    assert.deepEqual(answer(3).result.structuredContent.attempts, [
      { provider: 'europepmc', outcome: 'disabled' },
      { provider: 'pmc', outcome: 'disabled' },
    ]);
    assert.equal(toolErrorOf(answer(4).result).message, 'work must be a DOI, PMCID:PMC<digits>, PMID:<digits> or arXiv:<id>');
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });
});
