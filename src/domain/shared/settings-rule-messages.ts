import type { SettingsRule } from '../../ports/config-source.port.js';

/**
 * What each settings rule says (docs/configuration.md#when-the-settings-are-unavailable): in the
 * tool error `native-config-unavailable` and at the top of `qiongli config check`. Static text:
 * it names the rule, never a path, a value or any text of the settings file.
 */
export const SETTINGS_RULE_REASONS: Readonly<Record<SettingsRule, string>> = {
  'relative-config-home': 'QIONGLI_CONFIG_HOME is not an absolute path',
  'unknown-home': 'the home directory, under which the settings live, cannot be determined',
  'not-utf8': 'settings.json is not UTF-8 text',
  'not-json': 'settings.json is not valid JSON (a comment or a trailing comma makes it invalid)',
  'duplicate-key': 'settings.json has the same key twice in one object',
  'unknown-key': 'settings.json has a key Qiongli does not know (an API key belongs in the credential store, not in the file)',
  'missing-key': 'settings.json lacks a required key (each provider entry needs enabled)',
  'wrong-value': 'settings.json has a value of the wrong type or out of range',
  'too-large': 'settings.json is larger than 64 KiB',
  symlink: 'settings.json or its folder is a symbolic link',
  'not-regular-file': 'settings.json is not a regular file',
  'not-a-folder': 'the settings folder is not a folder',
  'unsafe-permissions': 'settings.json or its folder can be changed by other users (permissions or owner)',
  unreadable: 'settings.json cannot be read',
};

/** The hint every unavailable-settings message ends with: where the full explanation is. */
export const CONFIG_CHECK_HINT = "Run 'qiongli config check' in a terminal to see what to fix.";

/**
 * The message of the tool error `native-config-unavailable` for one rule (docs/tools.md#errors):
 * the fixed prefix, the rule, and the hint to run `qiongli config check`.
 */
export const configUnavailableMessage = (rule: SettingsRule): string =>
  `native provider configuration is unavailable: ${SETTINGS_RULE_REASONS[rule]}. ${CONFIG_CHECK_HINT}`;
