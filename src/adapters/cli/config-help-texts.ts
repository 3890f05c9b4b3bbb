import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import type { ConfigSubcommand } from './parsed-command.js';

/** A `qiongli config` help topic: the command itself or one subcommand. */
export type ConfigHelpTopic = 'config' | `config ${ConfigSubcommand}`;

/** The usage lines of `qiongli config` (docs/command-line.md#qiongli-config); the root usage shows them too. */
export const CONFIG_USAGE_LINES: readonly string[] = [
  'qiongli config status | check | setup [P]',
  'qiongli config set-key P | remove-key P | enable P | disable P',
  'qiongli config set-email P ADDRESS',
  'qiongli config --help | qiongli config SUBCOMMAND --help',
];

const SYNOPSES: Readonly<Record<ConfigSubcommand, string>> = {
  status: 'qiongli config status',
  check: 'qiongli config check',
  setup: 'qiongli config setup [PROVIDER]',
  'set-key': 'qiongli config set-key PROVIDER',
  'remove-key': 'qiongli config remove-key PROVIDER',
  enable: 'qiongli config enable PROVIDER',
  disable: 'qiongli config disable PROVIDER',
  'set-email': 'qiongli config set-email PROVIDER ADDRESS',
};

const KEY_PROVIDERS = 'PROVIDER: openalex, semantic_scholar (also semantic-scholar, semanticscholar,\ns2) or pubmed (also ncbi).';
const EMAIL_PROVIDERS = 'PROVIDER: openalex or crossref.';
const ANY_TARGET = [
  'PROVIDER: a search provider - openalex, semantic_scholar (also semantic-scholar,',
  'semanticscholar, s2), crossref, pubmed (also ncbi), arxiv - or a keyless source:',
  'opencitations (citation graph) or europepmc (open-access full text) - or',
  'zotero: delivery of found records to your Zotero desktop (off until enabled).',
].join('\n');

/** What each subcommand does (shown before its usage), and what else to know (after it). */
const TEXTS: Readonly<Record<ConfigSubcommand, { readonly summary: string; readonly details: string }>> = {
  status: {
    summary:
      'qiongli config status - show, per provider, whether it is enabled and whether\nan email and an API key are set (never the key), and where the settings live.',
    details: 'Exits 1 when the settings are unusable; qiongli config check tells why.',
  },
  check: {
    summary: 'qiongli config check - check the settings file and explain every problem.',
    details: [
      'Each problem is told with the rule it breaks and the line, column or key',
      'where it is. Exits 1 when the settings are unusable: the MCP tools then',
      'answer native-config-unavailable. No settings file is fine: defaults apply.',
    ].join('\n'),
  },
  setup: {
    summary:
      "qiongli config setup - open Qiongli's setup page on this computer and wait:\nswitch providers on or off, set contact emails and type API keys in a browser.",
    details: [
      'Prints the address of the page (127.0.0.1 only; it works in one browser and',
      'for 10 minutes) and waits until the page is saved (exit 0), it closes',
      'unsaved or cannot listen (exit 1), or Ctrl-C (exit 1). Keys typed there go',
      "to the operating system's credential store; without one they are not saved.",
      '',
      'PROVIDER (optional): show only openalex, semantic_scholar (also',
      'semantic-scholar, semanticscholar, s2), crossref, pubmed (also ncbi) or arxiv.',
    ].join('\n'),
  },
  'set-key': {
    summary:
      "qiongli config set-key - keep a provider's API key in the operating system's\ncredential store, and make the settings name it (a replaced key is deleted).",
    details: [
      'The key is never taken from the command line. At a terminal it is asked for',
      'with the input hidden; otherwise it is read from standard input to its end',
      '(at most 4096 bytes; one trailing newline is dropped), for example:',
      '  qiongli config set-key openalex < openalex-key.txt',
      'A key with a line break or another control character, an empty key, or one',
      'over 4096 bytes is refused and nothing is stored. Without a reachable',
      'credential store nothing is saved: Qiongli never keeps keys in a file.',
      '',
      KEY_PROVIDERS,
    ].join('\n'),
  },
  'remove-key': {
    summary: "qiongli config remove-key - stop using a provider's API key.",
    details: [
      'The settings stop naming the key first, then it is deleted from the',
      'credential store. The provider is then searched without a key.',
      '',
      KEY_PROVIDERS,
    ].join('\n'),
  },
  enable: {
    summary:
      'qiongli config enable - search a provider, or use a keyless source, again;\nor let the assistant save found records to your Zotero desktop (zotero).',
    details: ANY_TARGET,
  },
  disable: {
    summary: 'qiongli config disable - stop searching a provider, or using a keyless source;\nor stop delivery to your Zotero desktop (zotero).',
    details: ANY_TARGET,
  },
  'set-email': {
    summary: 'qiongli config set-email - set the contact email a provider receives with\neach request (for Crossref: its polite pool).',
    details: `ADDRESS: 1-320 characters with one @ between two non-empty parts, no spaces.\n${EMAIL_PROVIDERS}`,
  },
};

const CONFIG_SUMMARY = [
  "qiongli config - read and change Qiongli's settings at a terminal: which",
  'providers are enabled, contact emails, and API keys, which are kept in the',
  "operating system's credential store and never in the settings file.",
].join('\n');

const COMMANDS_SECTION = [
  'subcommands:',
  '  status                show providers, emails and keys (never a key itself)',
  '  check                 check the settings file and explain every problem',
  '  setup [P]             open the setup page in a browser and wait for a save',
  '  set-key P             read an API key and keep it in the credential store',
  '  remove-key P          stop using an API key and delete it',
  '  enable P | disable P  search a provider (or use a keyless source) or not;',
  '                        enable zotero lets the assistant save to Zotero',
  '  set-email P ADDRESS   set the contact email of openalex or crossref',
  '',
  'P: openalex, semantic_scholar (semantic-scholar, semanticscholar, s2),',
  'crossref, pubmed (ncbi), arxiv; enable and disable also take the keyless',
  'sources opencitations and europepmc, and zotero.',
].join('\n');

const LOCATION_SECTION = [
  'settings file: settings.json in $QIONGLI_CONFIG_HOME when set (an absolute',
  'path), else in the qiongli folder of the user configuration directory',
  '($XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application Support on',
  'macOS, %APPDATA% on Windows). Writes are atomic, mode 0600, and refused when',
  'another program changed the file meanwhile.',
].join('\n');

const EXIT_CODES_SECTION = [
  'exit codes:',
  `  ${EXIT_OK}  done (or nothing needed to change)`,
  `  ${EXIT_FAILURE}  failed or unusable settings (stderr: error: <reason>)`,
  `  ${EXIT_USAGE}  usage error (stderr: error: <message> and usage)`,
].join('\n');

const subcommandOf = (topic: ConfigHelpTopic): ConfigSubcommand | undefined =>
  topic === 'config' ? undefined : (topic.slice('config '.length) as ConfigSubcommand);

/** The usage lines of a config topic, ending with a newline. */
export function configUsageText(topic: ConfigHelpTopic): string {
  const subcommand = subcommandOf(topic);
  const lines = subcommand === undefined ? CONFIG_USAGE_LINES : [SYNOPSES[subcommand], `qiongli config ${subcommand} --help`];
  return [`usage: ${lines[0] ?? ''}`, ...lines.slice(1).map((line) => `       ${line}`)].join('\n') + '\n';
}

/** The help text of a config topic, ending with a newline: what it does, usage, details, exit codes. */
export function configHelpText(topic: ConfigHelpTopic): string {
  const subcommand = subcommandOf(topic);
  const usage = configUsageText(topic).trimEnd();
  const sections =
    subcommand === undefined ? [CONFIG_SUMMARY, usage, COMMANDS_SECTION, LOCATION_SECTION] : [TEXTS[subcommand].summary, usage, TEXTS[subcommand].details];
  return [...sections, EXIT_CODES_SECTION].join('\n\n') + '\n';
}
