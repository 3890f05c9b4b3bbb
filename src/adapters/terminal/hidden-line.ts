import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { failure, success, type Result } from '../../domain/shared/result.js';
import type { SecretInputFailure } from './secret-input.js';

/** A terminal stdin (`tty.ReadStream`): a stream whose line discipline can be switched to raw mode. */
export interface RawTerminal extends Readable {
  readonly isRaw?: boolean;
  setRawMode(mode: boolean): unknown;
}

/**
 * Registers what to do when the process is interrupted (SIGINT, SIGTERM, SIGHUP) or exits
 * while the terminal is raw; returns the function that unregisters it.
 */
export type InterruptHook = (handler: () => void) => () => void;

/** How long input keeps being drained after the line ended or overflowed, in ms. */
export const DRAIN_MS = 100;
const CTRL_C = 0x03;
const CTRL_D = 0x04;
const BACKSPACE = 0x08;
const CTRL_U = 0x15;
const DELETE = 0x7f;
const encoder = new TextEncoder();

/**
 * Reads one line from a terminal without echoing it (docs/command-line.md#qiongli-config): the
 * terminal is put in raw mode, so nothing typed or pasted is shown, and put back in the mode it
 * had on every way out — Enter, Ctrl-D, Ctrl-C, a signal, the process exiting, the terminal
 * closing. Backspace deletes a character and Ctrl-U the whole line.
 *
 * Whatever still arrives within {@link DRAIN_MS} after Enter (a pasted key with a line break
 * in it) or after the key grew past `limit` bytes is read and dropped, so it cannot reach the
 * shell once the program has exited; a line followed by more input is `line-break`. Ctrl-C or
 * an interrupt is `cancelled`, Ctrl-D on an empty line or a closed terminal `no-input`, invalid
 * UTF-8 `not-utf8`; an Enter alone is an empty line (the caller's key check calls it empty).
 * Never throws.
 */
export function readHiddenLine(terminal: RawTerminal, onInterrupt: InterruptHook, limit: number): Promise<Result<string, SecretInputFailure>> {
  return new Promise((resolve) => {
    const decoder = new StringDecoder('utf8');
    const wasRaw = terminal.isRaw === true;
    let line = '';
    let settled = false;
    let draining: Result<string, SecretInputFailure> | undefined;
    let idle: ReturnType<typeof setTimeout> | undefined;

    const finish = (result: Result<string, SecretInputFailure>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      terminal.off('data', onData).off('end', onClosed).off('error', onClosed);
      try {
        terminal.setRawMode(wasRaw);
      } catch {
        // the terminal is gone: there is no mode left to restore
      }
      removeInterrupt();
      terminal.pause();
      line = '';
      resolve(result);
    };
    const drainThen = (result: Result<string, SecretInputFailure>): void => {
      draining = result;
      clearTimeout(idle);
      idle = setTimeout(() => finish(draining ?? failure('read-failed')), DRAIN_MS);
    };
    const lineResult = (): Result<string, SecretInputFailure> => (line.includes('\uFFFD') ? failure('not-utf8') : success(line));

    const onData = (chunk: Buffer | string): void => {
      if (draining !== undefined) {
        if (draining.ok) draining = failure('line-break'); // more after Enter: the paste held a line break
        return drainThen(draining);
      }
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      for (let index = 0; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        if (code === 0x0d || code === 0x0a) {
          const rest = text.slice(index + 1).replace(/^\n/, '');
          return drainThen(rest === '' ? lineResult() : failure('line-break'));
        }
        if (code === CTRL_C) return finish(failure('cancelled'));
        if (code === CTRL_D) return drainThen(line === '' ? failure('no-input') : lineResult());
        if (code === DELETE || code === BACKSPACE) line = [...line].slice(0, -1).join('');
        else if (code === CTRL_U) line = '';
        else line += text[index];
        if (line.length > limit / 4 && encoder.encode(line).length > limit) return drainThen(failure('too-long'));
      }
    };
    const onClosed = (): void => finish(draining ?? (line === '' ? failure('no-input') : failure('read-failed')));
    const removeInterrupt = onInterrupt(() => finish(failure('cancelled')));

    try {
      terminal.setRawMode(true);
    } catch {
      return finish(failure('read-failed'));
    }
    terminal.on('data', onData).on('end', onClosed).on('error', onClosed);
    terminal.resume();
  });
}
