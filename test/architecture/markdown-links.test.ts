import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PROJECT_ROOT } from '../support/built-program.js';
import { anchorsOf, linksOf } from './markdown.js';

/** Every Markdown file of the repository, outside node_modules, dist and dot-folders. */
function markdownFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(full));
    else if (entry.name.endsWith('.md')) found.push(full);
  }
  return found;
}

const files = markdownFiles(PROJECT_ROOT);
const name = (file: string): string => relative(PROJECT_ROOT, file).split(sep).join('/');
const anchorCache = new Map<string, Set<string>>();
const anchorsIn = (file: string): Set<string> => {
  let anchors = anchorCache.get(file);
  if (!anchors) anchorCache.set(file, (anchors = anchorsOf(readFileSync(file, 'utf8'))));
  return anchors;
};

/** Why a link is broken, or undefined when it resolves. */
function brokenBecause(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return 'leaves the repository';
  const [path = '', anchor] = target.split('#', 2);
  const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
  if (relative(PROJECT_ROOT, resolved).startsWith('..')) return 'points outside the repository';
  if (!existsSync(resolved)) return 'no such file';
  if (anchor === undefined) return undefined;
  if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) return 'an anchor on something that is not a Markdown file';
  return anchorsIn(resolved).has(anchor) ? undefined : 'no such anchor';
}

describe('links in the Markdown files of the repository', () => {
  it('finds the README and the docs', () => {
    const names = files.map(name);
    for (const expected of ['README.md', 'docs/index.md', 'docs/tools.md']) assert.ok(names.includes(expected), expected);
  });

  it('resolves every link to a file inside the repository, and every anchor to a heading of it', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const target of linksOf(readFileSync(file, 'utf8'))) {
        const reason = brokenBecause(file, target);
        if (reason) broken.push(`${name(file)}: ${target} (${reason})`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('lets the README and the docs link nowhere outside the repository, bare URLs included', () => {
    const leaving: string[] = [];
    for (const file of files.filter((candidate) => /^(README\.md|docs\/)/.test(name(candidate)))) {
      for (const target of linksOf(readFileSync(file, 'utf8'), { bareUrls: true }))
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) leaving.push(`${name(file)}: ${target}`);
    }
    assert.deepEqual(leaving, []);
  });
});
