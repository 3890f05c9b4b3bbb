import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_BINARY } from '../support/isolated-binary.js';
import { PROJECT_ROOT } from '../support/built-program.js';

/**
 * Where the build ran, in every spelling the executable could hold it: the project folder
 * (as given and as a real path) and the pinned Node's cache (scripts/pinned-node.mjs), whose
 * node ran the snapshot build.
 */
const buildPaths = (): string[] => {
  const roots = [...new Set([PROJECT_ROOT, realpathSync(PROJECT_ROOT)])];
  return roots.flatMap((root) => [root, join(root, '.cache', 'node'), join(root, 'dist', 'binary', 'build')]);
};

describe('the single executable holds no path of the machine that built it (issue 19, row 9)', () => {
  it('names neither the build folder nor the pinned Node cache by absolute path, and its program by a relative name', () => {
    assert.ok(existsSync(BUILT_BINARY), `${BUILT_BINARY} is missing: npm test builds it (npm run build:binary)`);
    const bytes = readFileSync(BUILT_BINARY);
    for (const path of buildPaths()) assert.equal(bytes.indexOf(path), -1, `the executable holds a build path (${path.length} characters)`);
    // The loader compiles the program under its relative name (scripts/build-binary.mjs); seeing
    // it proves the scan read the snapshot.
    assert.notEqual(bytes.indexOf('qiongli-program.cjs'), -1);
  });
});
