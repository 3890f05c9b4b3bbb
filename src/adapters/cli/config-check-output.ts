import type { NativeSettings, SettingsInspection, SettingsProblem } from '../../ports/config-source.port.js';
import { SETTINGS_RULE_REASONS } from '../../domain/shared/settings-rule-messages.js';
import { failed, renderUnlocated, shownPath, shownText, ZOTERO_NOTE, type CommandReport } from './config-output.js';

/**
 * One problem on its own line: where it is (line and column, when known) and what exactly is
 * wrong. The detail may quote a key of the file, so it goes through the terminal filter.
 */
const problemLine = (problem: SettingsProblem): string =>
  `  - ${problem.at === undefined ? '' : `line ${problem.at.line}, column ${problem.at.column}: `}${shownText(problem.detail ?? SETTINGS_RULE_REASONS[problem.rule])}`;

/**
 * The first line of an unusable file. An unknown key that is a near miss of a known one says
 * which was meant, instead of the general advice about API keys.
 */
function headline(first: SettingsProblem): string {
  if (first.rule === 'unknown-key' && first.meant !== undefined)
    return `settings.json has a key Qiongli does not know: did you mean "${shownText(first.meant)}"?`;
  return SETTINGS_RULE_REASONS[first.rule];
}

/** Whether Zotero delivery is switched on, in one line (SPEC §15: off until the person switches it on). */
const zoteroLine = (settings: NativeSettings | undefined): string =>
  settings?.zotero.enabled === true
    ? `Zotero delivery: on (${ZOTERO_NOTE}; qiongli config disable zotero switches it off).\n`
    : `Zotero delivery: off (${ZOTERO_NOTE}; qiongli config enable zotero switches it on).\n`;

/**
 * What `qiongli config check` prints (docs/command-line.md#qiongli-config). Usable settings (or
 * no file: the defaults) → on stdout, whether they are valid and whether Zotero delivery is on;
 * exit 0. Unusable → on stderr `error:` with the first problem's rule, the file, every problem
 * found with its line and column or key path, and what it means for the MCP tools; exit 1. The
 * terminal is the person's own: the path is shown, values from the file never are, and every
 * text from the file goes through the terminal filter.
 */
export function renderInspection(inspection: SettingsInspection): CommandReport {
  switch (inspection.kind) {
    case 'unlocated':
      return renderUnlocated(inspection.rule);
    case 'missing':
      return { stdout: `No settings file at ${shownPath(inspection.file)}: the defaults apply.\n${zoteroLine(undefined)}`, stderr: '', code: 0 };
    case 'valid':
      return {
        stdout: `The settings at ${shownPath(inspection.file)} are valid (revision ${inspection.revision}).\n${zoteroLine(inspection.settings)}`,
        stderr: '',
        code: 0,
      };
    case 'unusable':
      return failed(`the settings are unusable: ${headline(inspection.problems[0])}`, [
        `file: ${shownPath(inspection.file)}`,
        'problems:',
        ...inspection.problems.map(problemLine),
        'Until this is fixed, the MCP tools that need the settings answer native-config-unavailable.',
      ]);
  }
}
