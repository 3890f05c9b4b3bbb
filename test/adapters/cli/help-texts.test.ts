import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { helpText, renderUsageError, usageText } from '../../../src/adapters/cli/help-texts.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../../src/adapters/cli/exit-codes.js';
import { USAGE_MESSAGES } from '../../../src/adapters/cli/usage-messages.js';
import type { HelpTopic } from '../../../src/adapters/cli/parsed-command.js';
import { ALL_CAPABILITY_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { toolNamesOf } from '../../../src/composition/tool-catalogue.js';

const TOPICS: readonly HelpTopic[] = ['root', 'mcp', 'serve'];
const SERVE_SYNOPSIS = 'qiongli mcp serve --profile lite|standard --transport stdio [--capabilities GROUP[,GROUP...]]';

describe('help and usage texts (docs/command-line.md)', () => {
  it('uses exit codes 0 for success, 1 for fatal failure and 2 for usage errors (docs/command-line.md)', () => {
    assert.deepEqual([EXIT_OK, EXIT_FAILURE, EXIT_USAGE], [0, 1, 2]);
  });

  it('renders a usage error as "error: <message>" followed by the usage of its topic (docs/command-line.md)', () => {
    const text = renderUsageError({ message: USAGE_MESSAGES.unknownOption, topic: 'serve' });
    assert.equal(text, `error: unknown option\nusage: ${SERVE_SYNOPSIS}\n       qiongli mcp serve --help\n`);
  });

  it('gives the root usage every synopsis line of docs/command-line.md (docs/command-line.md)', () => {
    assert.equal(
      usageText('root'),
      [
        `usage: ${SERVE_SYNOPSIS}`,
        '       qiongli config status | check | setup [P]',
        '       qiongli config set-key P | remove-key P | enable P | disable P',
        '       qiongli config set-email P ADDRESS',
        '       qiongli --version',
        '       qiongli --help | qiongli mcp --help | qiongli mcp serve --help',
        '       qiongli config --help | qiongli config SUBCOMMAND --help',
        '',
      ].join('\n'),
    );
  });

  for (const topic of TOPICS) {
    it(`starts the ${topic} usage with the serve synopsis and ends it with a newline (docs/command-line.md)`, () => {
      const text = usageText(topic);
      assert.ok(text.startsWith(`usage: ${SERVE_SYNOPSIS}\n`));
      assert.ok(text.endsWith('\n'));
    });

    it(`describes the options, every capability group with its tools, and the exit codes in the ${topic} help (docs/command-line.md)`, () => {
      const text = helpText(topic, toolNamesOf);
      assert.ok(text.includes(usageText(topic).trimEnd()));
      for (const option of ['--profile', '--transport', '--capabilities', 'marketplace-lite', 'standard', 'stdio']) {
        assert.ok(text.includes(option), option);
      }
      for (const group of ALL_CAPABILITY_GROUPS) {
        assert.match(text, new RegExp(`^  ${group} `, 'm'));
        for (const tool of toolNamesOf(group)) assert.ok(text.includes(tool), tool);
      }
      for (const code of [EXIT_OK, EXIT_FAILURE, EXIT_USAGE]) assert.match(text, new RegExp(`^  ${code}  `, 'm'));
      assert.ok(text.endsWith('\n'));
    });

    it(`keeps every ${topic} help line but the serve synopsis within 80 columns (docs/command-line.md)`, () => {
      const lines = helpText(topic, toolNamesOf)
        .split('\n')
        .filter((line) => !line.endsWith(SERVE_SYNOPSIS));
      for (const line of lines) assert.ok(line.length <= 80, line);
    });
  }

  it('mentions --version only in the root help, where it is valid (docs/command-line.md)', () => {
    assert.ok(helpText('root', toolNamesOf).includes('--version'));
    assert.ok(!helpText('serve', toolNamesOf).includes('--version'));
  });
});

const CONFIG_TOPICS: readonly HelpTopic[] = [
  'config',
  'config status',
  'config check',
  'config set-key',
  'config remove-key',
  'config enable',
  'config disable',
  'config set-email',
];

describe('help and usage texts of qiongli config (docs/command-line.md#qiongli-config)', () => {
  it('lists the config commands in the root help', () => {
    assert.match(helpText('root', toolNamesOf), /^ {2}config SUBCOMMAND {5}read or change the settings/m);
    assert.match(helpText('root', toolNamesOf), /or a config subcommand failed/);
  });

  it('gives config the usage of every subcommand, and each subcommand its own', () => {
    assert.equal(
      usageText('config'),
      [
        'usage: qiongli config status | check | setup [P]',
        '       qiongli config set-key P | remove-key P | enable P | disable P',
        '       qiongli config set-email P ADDRESS',
        '       qiongli config --help | qiongli config SUBCOMMAND --help',
        '',
      ].join('\n'),
    );
    assert.equal(usageText('config set-email'), 'usage: qiongli config set-email PROVIDER ADDRESS\n       qiongli config set-email --help\n');
    assert.equal(
      renderUsageError({ message: USAGE_MESSAGES.unknownProvider, topic: 'config enable' }),
      `error: unknown provider\n${usageText('config enable')}`,
    );
  });

  for (const topic of CONFIG_TOPICS) {
    it(`gives ${topic} a help with its usage and the exit codes, within 80 columns`, () => {
      const text = helpText(topic, toolNamesOf);
      assert.ok(text.startsWith(`qiongli ${topic} - `), 'starts with what it does');
      assert.ok(text.includes(usageText(topic).trimEnd()));
      for (const code of [EXIT_OK, EXIT_FAILURE, EXIT_USAGE]) assert.match(text, new RegExp(`^  ${code}  `, 'm'));
      for (const line of text.split('\n')) assert.ok(line.length <= 80, line);
      assert.ok(text.endsWith('\n'));
    });
  }

  it('says how set-key reads the key, and that it never takes one from the command line', () => {
    const text = helpText('config set-key', toolNamesOf);
    assert.match(text, /never taken from the command line/);
    assert.match(text, /input hidden/);
    assert.match(text, /at most 4096 bytes; one trailing newline is dropped/);
    assert.match(text, /semantic-scholar, semanticscholar,\ns2\) or pubmed \(also ncbi\)/);
  });

  it('names every provider and keyless source the config commands accept', () => {
    const text = helpText('config', toolNamesOf);
    for (const name of ['openalex', 'semantic_scholar', 's2', 'crossref', 'pubmed', 'ncbi', 'arxiv', 'opencitations', 'europepmc'])
      assert.ok(text.includes(name), name);
  });
});
