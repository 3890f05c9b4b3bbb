import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
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
const layerOf = (file: string): string => relative(SRC, file).split(/[\\/]/)[0] ?? '';

/** Which layers each layer may import (docs/architecture.md: dependencies point inward only). */
const ALLOWED: Record<string, readonly string[]> = {
  domain: ['domain', 'ports'],
  ports: ['ports'],
  adapters: ['adapters', 'domain', 'ports'],
  composition: ['composition', 'adapters', 'domain', 'ports'],
};
/** Packages the domain may use: only zod, for its public contracts. */
const DOMAIN_PACKAGES = new Set(['zod']);

describe('the inward dependency rule (docs/architecture.md)', () => {
  const files = sources(SRC);

  it('finds the source tree', () => {
    assert.ok(files.length > 10);
  });

  it('lets every layer import only itself and the layers inside it', () => {
    const violations: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = resolve(dirname(file), specifier);
        const targetLayer = relative(SRC, target).startsWith('..') ? 'outside' : layerOf(target);
        if (layer === 'index.ts') continue;
        if (!(ALLOWED[layer] ?? []).includes(targetLayer)) violations.push(`${relative(SRC, file)} -> ${specifier}`);
      }
    }
    assert.deepEqual(violations, []);
  });

  it('keeps the domain and the ports free of Node, inversify, undici and every package but zod', () => {
    const violations: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      if (layer !== 'domain' && layer !== 'ports') continue;
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
