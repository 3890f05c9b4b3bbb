import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TOOL_NAMES } from '../../src/composition/tool-catalogue.js';
import { PROJECT_ROOT } from '../support/built-program.js';

/** `qiongli_*` words that are not tools: artifact types of results (docs/tools.md). */
const ARTIFACT_TYPES = new Set(['qiongli_hybrid_search_plan', 'qiongli_native_fulltext_candidate_schema', 'qiongli_literature_evidence_snapshot']);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
  );
}

describe('public tool names (docs/tools.md#the-twelve-tools)', () => {
  const SRC = join(PROJECT_ROOT, 'src');
  const words = sources(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bqiongli_[a-z_]+\b/g)].map((match) => ({ file: relative(SRC, file), word: match[0] })),
  );

  it('finds the names it checks', () => {
    assert.ok(words.length > 20);
  });

  it('writes every tool name in src as the catalogue spells it: a misspelt or renamed tool cannot hide in a text or a comment', () => {
    const known = new Set<string>([...TOOL_NAMES, ...ARTIFACT_TYPES]);
    assert.deepEqual(
      words.filter(({ word }) => !known.has(word)),
      [],
    );
  });

  it('keeps the tool set out of the domain: no domain file lists the tools or their groups', () => {
    for (const file of sources(join(SRC, 'domain'))) {
      const named = new Set(
        readFileSync(file, 'utf8')
          .match(/\bqiongli_[a-z_]+\b/g)
          ?.filter((word) => !ARTIFACT_TYPES.has(word)),
      );
      assert.ok(named.size <= 4, `${relative(SRC, file)} names ${named.size} tools`);
    }
  });
});
