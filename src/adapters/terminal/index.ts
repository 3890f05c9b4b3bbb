/**
 * The terminal adapter of `qiongli config`: reading a secret from the person without echoing
 * it (raw mode on a terminal) or from a pipe, bounded (docs/command-line.md#qiongli-config).
 */
import type { Readable } from 'node:stream';
import { readHiddenLine, type InterruptHook, type RawTerminal } from './hidden-line.js';
import { readPipedSecret, type SecretInputFailure } from './secret-input.js';
import type { Result } from '../../domain/shared/result.js';

export { readHiddenLine, DRAIN_MS, type InterruptHook, type RawTerminal } from './hidden-line.js';
export { readPipedSecret, SECRET_INPUT_MESSAGES, type SecretInputFailure } from './secret-input.js';

const isTerminal = (stdin: Readable): stdin is RawTerminal =>
  (stdin as { isTTY?: boolean }).isTTY === true && typeof (stdin as { setRawMode?: unknown }).setRawMode === 'function';

/**
 * Reads a secret of at most `limit` bytes from `stdin`: from a terminal, hidden and ended by
 * Enter — the terminal is switched to raw mode first, then `prompt` is written to
 * `writePrompt` (stderr), so not even a key typed at once is echoed; a newline ends the
 * prompt's line afterwards. From anything else, to the end of input. Never from an argument.
 */
export async function readSecret(
  stdin: Readable,
  writePrompt: (text: string) => void,
  prompt: string,
  limit: number,
  onInterrupt: InterruptHook,
): Promise<Result<string, SecretInputFailure>> {
  if (!isTerminal(stdin)) return readPipedSecret(stdin, limit);
  const reading = readHiddenLine(stdin, onInterrupt, limit); // the terminal is raw once this returns
  writePrompt(prompt);
  const read = await reading;
  writePrompt('\n');
  return read;
}
