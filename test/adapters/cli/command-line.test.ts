import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseCommandLine } from '../../../src/adapters/cli/command-line.js';
import { USAGE_MESSAGES } from '../../../src/adapters/cli/usage-messages.js';
import { ALL_CAPABILITY_GROUPS, LITE_DEFAULT_GROUPS, type CapabilityGroup } from '../../../src/domain/shared/capability-groups.js';

const SERVE = ['mcp', 'serve'];

/** The granted groups of a command line that must parse as `serve`. */
function grantsOf(argv: readonly string[]): CapabilityGroup[] {
  const parsed = parseCommandLine(argv);
  assert.equal(parsed.kind, 'serve', JSON.stringify(parsed));
  return parsed.kind === 'serve' ? [...parsed.grants] : [];
}

describe('parseCommandLine valid forms (docs/command-line.md)', () => {
  it('serves the lite profile over stdio with its default groups when --capabilities is absent (docs/command-line.md)', () => {
    const parsed = parseCommandLine([...SERVE, '--profile', 'lite', '--transport', 'stdio']);
    assert.equal(parsed.kind, 'serve');
    assert.equal(parsed.kind === 'serve' && parsed.profile, 'lite');
    assert.deepEqual(grantsOf([...SERVE, '--profile', 'lite', '--transport', 'stdio']), LITE_DEFAULT_GROUPS);
  });

  it('maps the marketplace-lite alias to the lite profile (docs/command-line.md)', () => {
    const parsed = parseCommandLine([...SERVE, '--profile', 'marketplace-lite', '--transport', 'stdio']);
    assert.deepEqual(parsed.kind === 'serve' && parsed.profile, 'lite');
  });

  it('serves the standard profile with every group, graph and fulltext included, when --capabilities is absent (docs/command-line.md#profiles)', () => {
    const parsed = parseCommandLine([...SERVE, '--profile', 'standard', '--transport', 'stdio']);
    assert.equal(parsed.kind === 'serve' && parsed.profile, 'standard');
    assert.deepEqual(grantsOf([...SERVE, '--transport=stdio', '--profile=standard']), ALL_CAPABILITY_GROUPS);
    assert.ok(ALL_CAPABILITY_GROUPS.includes('graph') && ALL_CAPABILITY_GROUPS.includes('fulltext'));
  });

  it('narrows the standard profile to the groups --capabilities names (docs/command-line.md#profiles)', () => {
    const parsed = parseCommandLine([...SERVE, '--profile', 'standard', '--transport', 'stdio', '--capabilities', 'config']);
    assert.equal(parsed.kind === 'serve' && parsed.profile, 'standard');
    assert.deepEqual(grantsOf([...SERVE, '--profile', 'standard', '--transport', 'stdio', '--capabilities', 'config']), ['config']);
  });

  it('refuses profile names that only resemble standard, without echoing them (docs/command-line.md)', () => {
    for (const name of ['Standard', 'standard ', 'std', 'marketplace-standard']) {
      assert.deepEqual(parseCommandLine([...SERVE, '--profile', name, '--transport', 'stdio']), {
        kind: 'usage-error',
        message: USAGE_MESSAGES.unsupportedProfile,
        topic: 'serve',
      });
    }
  });

  it('accepts the --name=value form for every option (docs/command-line.md)', () => {
    const grants = grantsOf([...SERVE, '--profile=marketplace-lite', '--transport=stdio', '--capabilities=zotero']);
    assert.deepEqual(grants, ['zotero']);
  });

  it('accepts a mix of --name value and --name=value forms (docs/command-line.md)', () => {
    assert.deepEqual(grantsOf([...SERVE, '--profile=lite', '--transport', 'stdio']), LITE_DEFAULT_GROUPS);
  });

  it('accepts the options in any order (docs/command-line.md)', () => {
    const options = [
      ['--profile', 'lite'],
      ['--transport', 'stdio'],
      ['--capabilities', 'evidence'],
    ] as const;
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const order of orders) {
      const argv = [...SERVE, ...order.flatMap((index) => options[index] ?? [])];
      assert.deepEqual(grantsOf(argv), ['evidence'], argv.join(' '));
    }
  });

  it('grants only the groups --capabilities names (docs/command-line.md)', () => {
    assert.deepEqual(grantsOf([...SERVE, '--profile', 'lite', '--transport', 'stdio', '--capabilities', 'literature,evidence']), ['literature', 'evidence']);
  });

  it('grants a single group (docs/command-line.md)', () => {
    assert.deepEqual(grantsOf([...SERVE, '--profile', 'lite', '--transport', 'stdio', '--capabilities', 'orchestration']), ['orchestration']);
  });

  it('grants every group when --capabilities names all of them, in SPEC order whatever the input order (docs/command-line.md)', () => {
    const reversed = [...ALL_CAPABILITY_GROUPS].reverse().join(',');
    assert.deepEqual(grantsOf([...SERVE, '--profile', 'standard', '--transport', 'stdio', '--capabilities', reversed]), ALL_CAPABILITY_GROUPS);
    const lite = ALL_CAPABILITY_GROUPS.filter((group) => group !== 'zotero-library');
    assert.deepEqual(grantsOf([...SERVE, '--profile', 'lite', '--transport', 'stdio', '--capabilities', [...lite].reverse().join(',')]), lite);
  });

  it('grants zotero-library in Standard, and refuses it in Lite (and its alias) with a static usage error (docs/command-line.md#capability-groups)', () => {
    assert.deepEqual(grantsOf([...SERVE, '--profile', 'standard', '--transport', 'stdio', '--capabilities', 'zotero,zotero-library']), [
      'zotero',
      'zotero-library',
    ]);
    for (const profile of ['lite', 'marketplace-lite'])
      assert.deepEqual(parseCommandLine([...SERVE, '--profile', profile, '--transport', 'stdio', '--capabilities', 'literature,zotero-library']), {
        kind: 'usage-error',
        message: USAGE_MESSAGES.standardOnlyCapabilityGroup,
        topic: 'serve',
      });
  });

  it('parses qiongli --version as the version command (docs/command-line.md)', () => {
    assert.deepEqual(parseCommandLine(['--version']), { kind: 'version' });
  });

  it('parses qiongli --help as the root help (docs/command-line.md)', () => {
    assert.deepEqual(parseCommandLine(['--help']), { kind: 'help', topic: 'root' });
  });

  it('parses qiongli mcp --help as the mcp help (docs/command-line.md)', () => {
    assert.deepEqual(parseCommandLine(['mcp', '--help']), { kind: 'help', topic: 'mcp' });
  });

  it('parses qiongli mcp serve --help, as the sole argument after serve, as the serve help (docs/command-line.md)', () => {
    assert.deepEqual(parseCommandLine([...SERVE, '--help']), { kind: 'help', topic: 'serve' });
  });

  it('accepts non-ASCII UTF-8 text as ordinary input, not as non-UTF-8 (docs/command-line.md)', () => {
    const parsed = parseCommandLine([...SERVE, '--profile', 'lité', '--transport', 'stdio']);
    assert.deepEqual(parsed, { kind: 'usage-error', message: USAGE_MESSAGES.unsupportedProfile, topic: 'serve' });
  });
});

describe('parseCommandLine on arbitrary input (docs/command-line.md)', () => {
  const MARK = 'Q#';
  const word = fc.oneof(
    fc.constantFrom(
      'mcp',
      'serve',
      '--profile',
      'lite',
      'marketplace-lite',
      'standard',
      'full',
      '--transport',
      'stdio',
      '--capabilities',
      'config',
      '--help',
      '--version',
      '--profile=',
      '-h',
      ',',
    ),
    fc.string().map((text) => `${MARK}${text}`),
    fc.string().map((text) => `--${MARK}${text}`),
    fc.string().map((text) => `--capabilities=config,${MARK}${text}`),
  );

  it('never throws, and a usage error always carries one of the static messages (docs/command-line.md)', () => {
    const messages: readonly string[] = Object.values(USAGE_MESSAGES);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), (argv) => {
        const parsed = parseCommandLine(argv);
        if (parsed.kind !== 'usage-error') return;
        assert.ok(messages.includes(parsed.message));
        assert.ok(!parsed.message.includes(MARK));
      }),
      { numRuns: 500 },
    );
  });
});
