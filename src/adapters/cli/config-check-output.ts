import type { SettingsInspection, SettingsProblem } from '../../ports/config-source.port.js';
import { SETTINGS_RULE_REASONS } from '../../domain/shared/settings-rule-messages.js';
import { failed, renderUnlocated, shownPath, type CommandReport } from './config-output.js';

/** One problem on its own line: where it is (line and column, when known) and what exactly is wrong. */
const problemLine = (problem: SettingsProblem): string =>
  `  - ${problem.at === undefined ? '' : `line ${problem.at.line}, column ${problem.at.column}: `}${problem.detail ?? SETTINGS_RULE_REASONS[problem.rule]}`;

/**
 * What `qiongli config check` prints (docs/command-line.md#qiongli-config). Usable settings (or
 * no file: the defaults) → one line on stdout, exit 0. Unusable → on stderr `error:` with the
 * first problem's rule, the file, every problem found with its line and column or key path,
 * and what it means for the MCP tools; exit 1. The terminal is the person's own: the path is
 * shown, values from the file never are.
 */
export function renderInspection(inspection: SettingsInspection): CommandReport {
  switch (inspection.kind) {
    case 'unlocated':
      return renderUnlocated(inspection.rule);
    case 'missing':
      return { stdout: `No settings file at ${shownPath(inspection.file)}: the defaults apply.\n`, stderr: '', code: 0 };
    case 'valid':
      return { stdout: `The settings at ${shownPath(inspection.file)} are valid (revision ${inspection.revision}).\n`, stderr: '', code: 0 };
    case 'unusable':
      return failed(`the settings are unusable: ${SETTINGS_RULE_REASONS[inspection.problems[0].rule]}`, [
        `file: ${shownPath(inspection.file)}`,
        'problems:',
        ...inspection.problems.map(problemLine),
        'Until this is fixed, the MCP tools that need the settings answer native-config-unavailable.',
      ]);
  }
}
