import { EXIT_OK, EXIT_USAGE, helpText, parseCommandLine, renderUsageError } from '../adapters/cli/index.js';
import { createContainer } from './create-container.js';
import { serve, type ServeIo } from './serve.js';
import { versionLine } from './version.js';

/** The process surface `main` needs. */
export interface MainIo extends ServeIo {
  /** For `--version` and `--help` only; never used while serving. */
  readonly writeStdout: (text: string) => void;
}

/**
 * The program: parse the closed command line first (nothing else has been touched yet), then
 * print version or help, report a usage error (exit 2, nothing on stdout), or serve.
 */
export function main(argv: readonly string[], io: MainIo): void {
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
      return serve(createContainer(command.profile, { grants: command.grants }), io);
  }
}
