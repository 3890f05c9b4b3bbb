import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandLine } from '../../../src/adapters/cli/command-line.js';
import { USAGE_MESSAGES } from '../../../src/adapters/cli/usage-messages.js';

const C = 'CANARY-cfg';
const usage = (message: string, topic: string) => ({ kind: 'usage-error', message, topic });

describe('the qiongli config grammar (docs/command-line.md#qiongli-config)', () => {
  it('parses status and check', () => {
    assert.deepEqual(parseCommandLine(['config', 'status']), { kind: 'config', action: { name: 'status' } });
    assert.deepEqual(parseCommandLine(['config', 'check']), { kind: 'config', action: { name: 'check' } });
  });

  it('resolves provider names and aliases as the save tool accepts them', () => {
    const aliases: [string, string][] = [
      ['openalex', 'openalex'],
      ['semantic_scholar', 'semantic_scholar'],
      ['semantic-scholar', 'semantic_scholar'],
      ['semanticscholar', 'semantic_scholar'],
      ['s2', 'semantic_scholar'],
      ['pubmed', 'pubmed'],
      ['ncbi', 'pubmed'],
    ];
    for (const [name, provider] of aliases) {
      assert.deepEqual(parseCommandLine(['config', 'set-key', name]), { kind: 'config', action: { name: 'set-key', provider } }, name);
      assert.deepEqual(parseCommandLine(['config', 'remove-key', name]), { kind: 'config', action: { name: 'remove-key', provider } }, name);
    }
  });

  it('lets enable and disable name every provider and keyless source', () => {
    const targets: [string, string][] = [
      ['crossref', 'crossref'],
      ['arxiv', 'arxiv'],
      ['s2', 'semantic_scholar'],
      ['opencitations', 'opencitations'],
      ['europepmc', 'europepmc'],
      ['zotero', 'zotero'],
    ];
    for (const [name, target] of targets) {
      assert.deepEqual(parseCommandLine(['config', 'enable', name]), { kind: 'config', action: { name: 'enable', target } });
      assert.deepEqual(parseCommandLine(['config', 'disable', name]), { kind: 'config', action: { name: 'disable', target } });
    }
  });

  it('parses setup with no provider (all five on the page) or one search provider under any of its names', () => {
    assert.deepEqual(parseCommandLine(['config', 'setup']), { kind: 'config', action: { name: 'setup' } });
    assert.deepEqual(parseCommandLine(['config', 'setup', 'ncbi']), { kind: 'config', action: { name: 'setup', provider: 'pubmed' } });
    assert.deepEqual(parseCommandLine(['config', 'setup', 'arxiv']), { kind: 'config', action: { name: 'setup', provider: 'arxiv' } });
  });

  it('parses set-email for the providers with an email', () => {
    assert.deepEqual(parseCommandLine(['config', 'set-email', 'crossref', 'me@example.org']), {
      kind: 'config',
      action: { name: 'set-email', provider: 'crossref', address: 'me@example.org' },
    });
    assert.equal(parseCommandLine(['config', 'set-email', 'openalex', 'a@b']).kind, 'config');
  });

  it('gives help for config and for each subcommand, only as the sole argument of its level', () => {
    assert.deepEqual(parseCommandLine(['config', '--help']), { kind: 'help', topic: 'config' });
    for (const subcommand of ['status', 'check', 'setup', 'set-key', 'remove-key', 'enable', 'disable', 'set-email']) {
      assert.deepEqual(parseCommandLine(['config', subcommand, '--help']), { kind: 'help', topic: `config ${subcommand}` });
    }
    assert.deepEqual(parseCommandLine(['config', '--help', 'status']), usage(USAGE_MESSAGES.extraArgument, 'config'));
    assert.deepEqual(parseCommandLine(['config', 'set-key', 'openalex', '--help']), usage(USAGE_MESSAGES.extraArgument, 'config set-key'));
    assert.deepEqual(parseCommandLine(['config', 'set-email', '--help', 'x@y']), usage(USAGE_MESSAGES.extraArgument, 'config set-email'));
  });

  it('reports every usage error with a static message and the deepest topic, never echoing input', () => {
    const cases: [string[], string, string][] = [
      [['config'], USAGE_MESSAGES.missingSubcommand, 'config'],
      [['config', C], USAGE_MESSAGES.unknownSubcommand, 'config'],
      [['config', 'set-up'], USAGE_MESSAGES.unknownSubcommand, 'config'],
      [['config', 'setup', C], USAGE_MESSAGES.unknownProvider, 'config setup'],
      [['config', 'setup', 'europepmc'], USAGE_MESSAGES.notASearchProvider, 'config setup'],
      [['config', 'setup', 'openalex', C], USAGE_MESSAGES.extraArgument, 'config setup'],
      [['config', 'setup', `--provider=${C}`], USAGE_MESSAGES.unknownOption, 'config setup'],
      [['config', `--${C}`], USAGE_MESSAGES.unknownOption, 'config'],
      [['config', 'status', C], USAGE_MESSAGES.extraArgument, 'config status'],
      [['config', 'check', `--${C}`], USAGE_MESSAGES.unknownOption, 'config check'],
      [['config', 'set-key'], USAGE_MESSAGES.missingProvider, 'config set-key'],
      [['config', 'set-key', C], USAGE_MESSAGES.unknownProvider, 'config set-key'],
      [['config', 'set-key', 'OpenAlex'], USAGE_MESSAGES.unknownProvider, 'config set-key'],
      [['config', 'set-key', 'crossref'], USAGE_MESSAGES.providerTakesNoKey, 'config set-key'],
      [['config', 'set-key', 'arxiv'], USAGE_MESSAGES.providerTakesNoKey, 'config set-key'],
      [['config', 'remove-key', 'europepmc'], USAGE_MESSAGES.providerTakesNoKey, 'config remove-key'],
      [['config', 'set-key', 'openalex', C], USAGE_MESSAGES.extraArgument, 'config set-key'],
      [['config', 'set-key', '--key', C], USAGE_MESSAGES.unknownOption, 'config set-key'],
      [['config', 'set-key', `--key=${C}`], USAGE_MESSAGES.unknownOption, 'config set-key'],
      [['config', 'set-key', 'openalex', `--value=${C}`], USAGE_MESSAGES.unknownOption, 'config set-key'],
      [['config', 'enable'], USAGE_MESSAGES.missingProvider, 'config enable'],
      [['config', 'disable', C], USAGE_MESSAGES.unknownProvider, 'config disable'],
      [['config', 'set-email', 'crossref'], USAGE_MESSAGES.missingAddress, 'config set-email'],
      [['config', 'set-email', 'pubmed', 'me@example.org'], USAGE_MESSAGES.providerTakesNoEmail, 'config set-email'],
      [['config', 'set-email', 'crossref', C], USAGE_MESSAGES.invalidAddress, 'config set-email'],
      [['config', 'set-email', 'crossref', `${C} @x`], USAGE_MESSAGES.invalidAddress, 'config set-email'],
      [['config', 'set-email', 'crossref', 'me@example.org', C], USAGE_MESSAGES.extraArgument, 'config set-email'],
      [['config', 'enable', `open\uFFFD${C}`], USAGE_MESSAGES.nonUtf8Argument, 'config enable'],
      [['config', `x\uD800${C}`], USAGE_MESSAGES.nonUtf8Argument, 'config'],
    ];
    for (const [argv, message, topic] of cases) {
      const parsed = parseCommandLine(argv);
      assert.deepEqual(parsed, usage(message, topic), argv.join(' '));
      assert.ok(!JSON.stringify(parsed).includes(C));
    }
  });
});
