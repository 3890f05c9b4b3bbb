import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { PROJECT_ROOT } from '../support/built-program.js';

/** Every TypeScript source file under a folder. */
function sources(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sources(full));
    else if (entry.name.endsWith('.ts')) found.push(full);
  }
  return found;
}

/** The module specifiers a file imports or re-exports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  const pattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) specifiers.push((match[1] ?? match[2] ?? match[3])!);
  return specifiers;
}

const SRC = join(PROJECT_ROOT, 'src');

/** A source file as the rule sees it: its path under src/ and the module specifiers it imports. */
export interface SourceFile {
  readonly path: string;
  readonly imports: readonly string[];
}

/** Which layers each layer may import (docs/architecture.md#the-dependency-rule: dependencies point inward only). */
const ALLOWED: Record<string, readonly string[]> = {
  domain: ['domain', 'ports'],
  ports: ['ports'],
  tools: ['tools', 'domain', 'ports'],
  adapters: ['adapters', 'domain', 'ports'],
  composition: ['composition', 'tools', 'adapters', 'domain', 'ports'],
};

/** Packages the domain may use: only zod, for its public contracts. */
const DOMAIN_PACKAGES = new Set(['zod']);

/** The one adapter folder every adapter may import: the shared kernel of provider HTTP. */
const SHARED_KERNEL = 'provider-http';

/** The rule, as a failure states it. */
export const RULE =
  'domain imports domain and ports; ports import ports; tools import tools, domain and ports; adapters import their own folder, domain and ports; ' +
  `composition imports everything. Adapters never import another adapter, except the shared kernel src/adapters/${SHARED_KERNEL}/ (docs/architecture.md#the-dependency-rule)`;

const segments = (path: string): string[] => path.split(/[\\/]/);

/**
 * Every relative import in `files` that breaks the rule, as `file -> specifier`. `src/index.ts`
 * (the package's exports) may import any layer.
 */
export function ruleViolations(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const [layer = '', folder] = segments(file.path);
    if (file.path === 'index.ts') continue;
    for (const specifier of file.imports) {
      if (!specifier.startsWith('.')) continue;
      const target = join(dirname(file.path), specifier);
      const [targetLayer = '', targetFolder] = target.startsWith('..') ? ['outside'] : segments(target);
      const layerAllowed = (ALLOWED[layer] ?? []).includes(targetLayer);
      const otherAdapter = layer === 'adapters' && targetLayer === 'adapters' && targetFolder !== folder && targetFolder !== SHARED_KERNEL;
      if (!layerAllowed || otherAdapter) violations.push(`${file.path} -> ${specifier}`);
    }
  }
  return violations;
}

/** Fails, naming the rule and its exception, when an import in `files` breaks the rule. */
function assertFollowsRule(files: readonly SourceFile[]): void {
  const violations = ruleViolations(files);
  assert.deepEqual(violations, [], `${violations.length} imports break the rule: ${RULE}`);
}

describe('the inward dependency rule (docs/architecture.md)', () => {
  const files = sources(SRC);
  const tree = files.map((file) => ({ path: relative(SRC, file), imports: importsOf(file) }));

  it('finds the source tree', () => {
    assert.ok(files.length > 10);
  });

  it('lets every layer import only itself and the layers inside it, and no adapter another adapter but the shared kernel', () => {
    assertFollowsRule(tree);
  });

  it('fails on a new adapter→adapter import, and lets an adapter import its own folder and the shared kernel', () => {
    const synthetic: SourceFile[] = [
      { path: join('adapters', 'mcp', 'tool-call.ts'), imports: ['../scheduling/time-slices.js', './revisions.js', '../../ports/time-slices.port.js'] },
      { path: join('adapters', 'citation-graph', 'openalex-graph.ts'), imports: [`../${SHARED_KERNEL}/send-get.js`, '../../domain/shared/result.js'] },
      { path: join('tools', 'search-plan.ts'), imports: ['../adapters/mcp/tool-definition.js', '../domain/shared/use-case.js'] },
      { path: join('adapters', 'mcp', 'connection.ts'), imports: ['../../tools/tool-slice.js'] },
      { path: join('domain', 'shared', 'x.ts'), imports: ['../../tools/tool-slice.js'] },
      { path: join('composition', 'profiles', 'lite.ts'), imports: ['../../tools/search-plan.js', '../../adapters/mcp/connection.js'] },
    ];
    assert.deepEqual(ruleViolations(synthetic), [
      `${join('adapters', 'mcp', 'tool-call.ts')} -> ../scheduling/time-slices.js`,
      `${join('tools', 'search-plan.ts')} -> ../adapters/mcp/tool-definition.js`,
      `${join('adapters', 'mcp', 'connection.ts')} -> ../../tools/tool-slice.js`,
      `${join('domain', 'shared', 'x.ts')} -> ../../tools/tool-slice.js`,
    ]);
  });

  it('names the rule and its one exception in its failure message', () => {
    const newImport: SourceFile = { path: join('adapters', 'cli', 'help-texts.ts'), imports: ['../mcp/tool-registry.js'] };
    assert.throws(
      () => assertFollowsRule([newImport]),
      (error: Error) =>
        error.message.includes(`1 imports break the rule: ${RULE}`) &&
        /Adapters never import another adapter, except the shared kernel src\/adapters\/provider-http\//.test(error.message),
    );
  });

  it('keeps the domain, the ports and the tool slices free of Node, inversify, undici and every package but zod (domain)', () => {
    const violations: string[] = [];
    for (const file of files) {
      const [layer] = segments(relative(SRC, file));
      if (layer !== 'domain' && layer !== 'ports' && layer !== 'tools') continue;
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) continue;
        if (layer === 'domain' && DOMAIN_PACKAGES.has(specifier)) continue;
        violations.push(`${relative(SRC, file)} -> ${specifier}`);
      }
    }
    assert.deepEqual(violations, []);
  });

  it('keeps stdout to the transport adapter: no console and no process.stdout in src', () => {
    const violations = files.filter((file) => {
      if (relative(SRC, file).startsWith(join('adapters', 'transport'))) return false;
      const text = readFileSync(file, 'utf8');
      return /console\.|process\.stdout/.test(text);
    });
    assert.deepEqual(
      violations.map((file) => relative(SRC, file)),
      [],
    );
  });

  it('detects a violation when one is present (the checker itself can fail)', () => {
    assert.ok(importsOf(join(SRC, 'composition', 'create-container.ts')).includes('inversify'));
  });
});
