import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defaultNativeSearchTool, normaliseIdentifier, PLATFORM_PATTERN } from '../../../src/domain/search-plan/identifier-normalisation.js';

describe('identifier normalisation (docs/tools.md#6-qiongli_search_plan)', () => {
  it('turns "Claude Code" into claude_code and "CLAUDE--web  search_" into claude_web_search', () => {
    assert.equal(normaliseIdentifier('Claude Code'), 'claude_code');
    assert.equal(normaliseIdentifier('CLAUDE--web  search_'), 'claude_web_search');
  });

  it('trims, collapses every run of whitespace, - or _ into one _, drops leading runs and one trailing _', () => {
    const cases: [string, string][] = [
      ['  Codex  ', 'codex'],
      ['Claude-Code__', 'claude_code'],
      ['--web_search', 'web_search'],
      ['__x', 'x'],
      ['web\t \n-_search', 'web_search'],
      ['a_-_ -b-', 'a_b'],
      ['Antigravity', 'antigravity'],
      ['web.search', 'web.search'],
      ['---', ''],
      ['_', ''],
    ];
    for (const [input, expected] of cases) assert.equal(normaliseIdentifier(input), expected, JSON.stringify(input));
  });

  it('is idempotent', () => {
    for (const input of ['Claude Code', 'CLAUDE--web  search_', ' a - b _ c ', 'x']) {
      assert.equal(normaliseIdentifier(normaliseIdentifier(input)), normaliseIdentifier(input));
    }
  });

  it('chooses the default native tool from the platform', () => {
    const cases: [string, string][] = [
      ['codex', 'codex_web_search'],
      ['claude', 'claude_web_search'],
      ['claude_code', 'claude_web_search'],
      ['claudecode', 'claude_web_search'],
      ['antigravity', 'antigravity_search'],
      ['unknown', 'platform_native_search'],
      ['cursor', 'platform_native_search'],
    ];
    for (const [platform, tool] of cases) assert.equal(defaultNativeSearchTool(platform), tool, platform);
  });

  it('accepts platforms that, trimmed, start with an ASCII letter or digit and hold only letters, digits, space, _ and -', () => {
    for (const ok of ['codex', 'Claude Code', '  claude-code__ ', '9lives', 'a', 'A_B-C D', '\tx\n']) {
      assert.ok(PLATFORM_PATTERN.test(ok), JSON.stringify(ok));
    }
    for (const bad of ['_claude', '-x', ' ', '', 'claude.code', 'clau\tde', 'Clàude', 'a/b', 'x!']) {
      assert.ok(!PLATFORM_PATTERN.test(bad), JSON.stringify(bad));
    }
  });
});
