import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, helpText, parseCommandLine, renderUsageError, type ConfigAction } from '../adapters/cli/index.js';
import { servingContainer } from './serving-container.js';
import { guardAgainstCrashes, INTERNAL_FAILURE_LINE } from './crash-guard.js';
import { serve, type ServeIo } from './serve.js';
import { hintIfTerminal } from './terminal-hint.js';
import { versionLine } from './version.js';
import { toolNamesOf } from './tool-catalogue.js';

/** The process surface `main` needs. */
export interface MainIo extends ServeIo {
  /** For `--version`, `--help` and `qiongli config`; never used while serving. */
  readonly writeStdout: (text: string) => void;
}

/**
 * Runs a `qiongli config` command. Its code (the settings writer, the terminal prompt, the
 * texts) is a separate chunk, loaded only here: `mcp serve` never loads it (docs/runtime.md).
 */
function runConfig(action: ConfigAction, io: MainIo): void {
  void import('./config-command.js')
    .then((command) => command.runConfigCommand(action, io))
    .then(io.exit, () => {
      io.writeStderr(INTERNAL_FAILURE_LINE);
      io.exit(EXIT_FAILURE);
    });
}

/**
 * The program: parse the closed command line first (nothing else has been touched yet), then
 * print version or help, report a usage error (exit 2, nothing on stdout), run a `qiongli
 * config` command at the person's terminal, or serve (after a one-line hint on stderr when
 * stdin is a terminal). An exception that escapes anything from
 * here on ends the process with a static reason code.
 */
export function main(argv: readonly string[], io: MainIo): void {
  guardAgainstCrashes(io);
  const command = parseCommandLine(argv);
  switch (command.kind) {
    case 'version':
      io.writeStdout(`${versionLine()}\n`);
      return io.exit(EXIT_OK);
    case 'help':
      io.writeStdout(helpText(command.topic, toolNamesOf));
      return io.exit(EXIT_OK);
    case 'usage-error':
      io.writeStderr(renderUsageError(command));
      return io.exit(EXIT_USAGE);
    case 'config':
      return runConfig(command.action, io);
    case 'serve':
      hintIfTerminal(io.stdin, io.writeStderr);
      return serve(servingContainer(command.profile, command.grants), io);
  }
}
