import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { helpText, renderUsageError, usageText } from '../../../src/adapters/cli/help-texts.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../../src/adapters/cli/exit-codes.js';
import { USAGE_MESSAGES } from '../../../src/adapters/cli/usage-messages.js';
import type { HelpTopic } from '../../../src/adapters/cli/parsed-command.js';
import { ALL_CAPABILITY_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { toolNamesOf } from '../../../src/adapters/mcp/tool-catalogue.js';

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

  it('gives the root usage all three synopsis lines of docs/command-line.md (docs/command-line.md)', () => {
    assert.equal(
      usageText('root'),
      `usage: ${SERVE_SYNOPSIS}\n       qiongli --version\n       qiongli --help | qiongli mcp --help | qiongli mcp serve --help\n`,
    );
  });

  for (const topic of TOPICS) {
    it(`starts the ${topic} usage with the serve synopsis and ends it with a newline (docs/command-line.md)`, () => {
      const text = usageText(topic);
      assert.ok(text.startsWith(`usage: ${SERVE_SYNOPSIS}\n`));
      assert.ok(text.endsWith('\n'));
    });

    it(`describes the options, every capability group with its tools, and the exit codes in the ${topic} help (docs/command-line.md)`, () => {
      const text = helpText(topic);
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
      const lines = helpText(topic)
        .split('\n')
        .filter((line) => !line.endsWith(SERVE_SYNOPSIS));
      for (const line of lines) assert.ok(line.length <= 80, line);
    });
  }

  it('mentions --version only in the root help, where it is valid (docs/command-line.md)', () => {
    assert.ok(helpText('root').includes('--version'));
    assert.ok(!helpText('serve').includes('--version'));
  });
});
