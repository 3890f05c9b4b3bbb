/**
 * The command-line adapter: the closed grammar of `qiongli` (docs/command-line.md), its help and usage
 * texts, and the exit codes. Pure; the composition root does the printing and exiting.
 */
export { parseCommandLine } from './command-line.js';
export { helpText, renderUsageError } from './help-texts.js';
export { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exit-codes.js';
export type { ConfigAction } from './parsed-command.js';
