import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/built-program.js';
import { VERSION } from '../../src/composition/version.js';

describe('the reported version (docs/command-line.md serverInfo)', () => {
  it('equals the package version', () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.equal(VERSION, pkg.version);
  });
});
