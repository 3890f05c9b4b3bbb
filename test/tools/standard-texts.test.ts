import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createContainer, ServerIdentityId, ToolRegistryId, type Profile } from '../../src/index.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { instructionsOf } from '../../src/composition/profiles/instructions.js';
import { STANDARD_TOOLS } from '../../src/composition/profiles/standard.js';
import { toolSlice, useCaseRecipe } from '../../src/tools/tool-slice.js';
import { quietContext } from '../support/use-cases.js';

const container = (profile: Profile, grants?: Set<(typeof ALL_CAPABILITY_GROUPS)[number]>) => createContainer(profile, grants === undefined ? {} : { grants });
const PREVIEWS = { qiongli_orchestrator_route: { request: 'r', platform: 'cli' }, qiongli_task_plan: { task_id: 't', paper_type: 'p', topic: 'x' } } as const;

describe("Standard's texts describe Standard (issue 25, row 8)", () => {
  it('names in its instructions the graph and full-text tools, and every granted tool that has a step, in list order', () => {
    const instructions = container('standard').get(ServerIdentityId).instructions;
    for (const name of [
      'qiongli_literature_status',
      'qiongli_search_plan',
      'qiongli_literature_search',
      'qiongli_literature_export_evidence',
      'qiongli_zotero_export_import_files',
      'qiongli_literature_references',
      'qiongli_literature_citations',
      'qiongli_literature_read_fulltext',
      'qiongli_literature_check_references',
      'qiongli_configure_provider',
    ])
      assert.ok(instructions.includes(name), name);
    assert.ok(instructions.indexOf('qiongli_literature_search') < instructions.indexOf('qiongli_literature_read_fulltext'));
    assert.doesNotMatch(instructions, /Full CLI/i);
  });

  it('derives its instructions from the granted tools: an ungranted group is not named', () => {
    const instructions = container('standard', new Set(['config', 'literature'])).get(ServerIdentityId).instructions;
    assert.match(instructions, /qiongli_literature_search/);
    assert.doesNotMatch(instructions, /qiongli_literature_references|qiongli_literature_read_fulltext|qiongli_zotero_export_import_files/);
  });

  it('lets a new tool add its own line through its slice', () => {
    const next = toolSlice({
      entry: { name: 'qiongli_next_tool', title: 'Next', description: 'A tool to come.', group: 'verify' as never },
      instruction: { step: 'check a bibliography with qiongli_next_tool', note: 'A note of its own.' },
      useCase: useCaseRecipe('nextTool', [], () => ({}) as never),
    });
    const text = instructionsOf('Intro.', [...STANDARD_TOOLS, next]);
    assert.match(text, /, and check a bibliography with qiongli_next_tool\. /);
    assert.ok(text.endsWith('A note of its own.'));
  });

  it('keeps Lite the recorded text', () => {
    assert.equal(
      container('lite').get(ServerIdentityId).instructions,
      'Qiongli Lite is a literature toolkit for research assistants. Start with qiongli_literature_status to see which scholarly providers are ready, plan with qiongli_search_plan, search with qiongli_literature_search, keep an auditable record with qiongli_literature_export_evidence, and hand references to Zotero with qiongli_zotero_export_import_files. Route and task-plan tools only preview: Lite never runs agents, shells or project writes.',
    );
  });

  for (const [name, args] of Object.entries(PREVIEWS)) {
    it(`${name}: Standard's description and answer point to no Full CLI; Lite's stay as recorded`, async () => {
      const standard = container('standard').get(ToolRegistryId).find(name)!;
      assert.doesNotMatch(standard.description, /Full CLI/i);
      const answer = await standard.run(standard.input.parse(args), quietContext());
      assert.ok(answer.ok);
      assert.doesNotMatch(JSON.stringify(answer.value), /full_cli/);
      assert.equal((answer.value as { runtime_profile: string }).runtime_profile, 'standard');
      assert.equal(standard.output.safeParse(answer.value).success, true);
      const lite = container('lite').get(ToolRegistryId).find(name)!;
      const liteAnswer = await lite.run(lite.input.parse(args), quietContext());
      assert.ok(liteAnswer.ok);
      assert.match(JSON.stringify(liteAnswer.value), /"recommended_runtime":"full_cli_for_execution"/);
    });
  }
});
