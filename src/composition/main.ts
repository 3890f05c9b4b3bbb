import { EXIT_OK, EXIT_USAGE, helpText, parseCommandLine, renderUsageError } from '../adapters/cli/index.js';
import { servingContainer } from './serving-container.js';
import { guardAgainstCrashes } from './crash-guard.js';
import { serve, type ServeIo } from './serve.js';
import { hintIfTerminal } from './terminal-hint.js';
import { versionLine } from './version.js';

/** The process surface `main` needs. */
export interface MainIo extends ServeIo {
  /** For `--version` and `--help` only; never used while serving. */
  readonly writeStdout: (text: string) => void;
}

/**
 * The program: parse the closed command line first (nothing else has been touched yet), then
 * print version or help, report a usage error (exit 2, nothing on stdout), or serve (after a
 * one-line hint on stderr when stdin is a terminal). An exception that escapes anything from
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
      io.writeStdout(helpText(command.topic));
      return io.exit(EXIT_OK);
    case 'usage-error':
      io.writeStderr(renderUsageError(command));
      return io.exit(EXIT_USAGE);
    case 'serve':
      hintIfTerminal(io.stdin, io.writeStderr);
      return serve(servingContainer(command.profile, command.grants), io);
  }
}
