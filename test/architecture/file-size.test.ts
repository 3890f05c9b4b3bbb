import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../support/built-program.js';

/** Most lines a source file has unless its first lines say why it needs more (docs/architecture.md#size-and-naming). */
const MAX_LINES = 200;
/** The phrase that starts that reason, within the file's first ten lines. */
const REASON = 'Longer than 200 lines:';
/**
 * Files over the bound that do not state a reason yet. Each entry is debt to pay, never a place
 * to add a new file.
 */
const KNOWN_OVER = new Set<string>();

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
  );
}

describe('file size (docs/architecture.md#size-and-naming)', () => {
  const SRC = join(PROJECT_ROOT, 'src');
  const files = sources(SRC).map((file) => {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    if (text.endsWith('\n')) lines.pop(); // the newline ending the last line starts no line
    return { name: relative(SRC, file).replaceAll('\\', '/'), lines: lines.length, reasoned: lines.slice(0, 10).some((line) => line.includes(REASON)) };
  });

  it(`keeps every src file within ${MAX_LINES} lines, or says at its top why not`, () => {
    const over = files.filter((file) => file.lines > MAX_LINES && !file.reasoned && !KNOWN_OVER.has(file.name)).map((file) => file.name);
    assert.deepEqual(over, []);
  });

  it('lists as known only files that are still over the bound', () => {
    for (const name of KNOWN_OVER) {
      const file = files.find((candidate) => candidate.name === name);
      assert.ok(file !== undefined && file.lines > MAX_LINES && !file.reasoned, `${name} is no longer over the bound: drop it from KNOWN_OVER`);
    }
  });
});
