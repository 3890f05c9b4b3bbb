import type { Readable } from 'node:stream';
import { failure, success, type Result } from '../../domain/shared/result.js';

/** Why no secret was read. Static: what was typed never appears in it. */
export type SecretInputFailure = 'no-input' | 'too-long' | 'not-utf8' | 'line-break' | 'cancelled' | 'read-failed';

/** The static sentence of each failure, for `error: <sentence>` (docs/command-line.md#qiongli-config). */
export const SECRET_INPUT_MESSAGES: Readonly<Record<SecretInputFailure, string>> = {
  'no-input': 'no key was given (standard input was empty or closed); nothing was saved',
  'too-long': 'the key is longer than 4096 bytes; nothing was saved',
  'not-utf8': 'the key is not UTF-8 text; nothing was saved',
  'line-break': 'the key holds a line break; nothing was saved',
  cancelled: 'cancelled; nothing was saved',
  'read-failed': 'the key could not be read from standard input; nothing was saved',
};

/** Strict UTF-8, or `undefined`. */
function decodeSecret(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Reads a secret from a stdin that is not a terminal (a pipe or a file): everything up to its
 * end, at most `limit` bytes plus one line ending, of which one trailing `\n` or `\r\n` is
 * dropped. Over the bound it stops reading at once (`too-long`); empty or closed is `no-input`.
 * Never throws; the bytes it read are not kept anywhere else.
 */
export function readPipedSecret(stdin: Readable, limit: number): Promise<Result<string, SecretInputFailure>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: Result<string, SecretInputFailure>): void => {
      if (settled) return;
      settled = true;
      stdin.off('data', onData).off('end', onEnd).off('error', onError);
      stdin.pause();
      chunks.fill(Buffer.alloc(0));
      resolve(result);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit + 2) return finish(failure('too-long'));
      chunks.push(bytes);
    };
    const onEnd = (): void => {
      if (size === 0) return finish(failure('no-input'));
      const all = Buffer.concat(chunks);
      const end = all.at(-1) === 0x0a ? (all.at(-2) === 0x0d ? all.length - 2 : all.length - 1) : all.length;
      const text = end > limit ? undefined : decodeSecret(all.subarray(0, end));
      all.fill(0);
      if (end > limit) return finish(failure('too-long'));
      finish(text === undefined ? failure('not-utf8') : success(text));
    };
    const onError = (): void => finish(size === 0 ? failure('no-input') : failure('read-failed'));
    stdin.on('data', onData).on('end', onEnd).on('error', onError);
    stdin.resume();
  });
}
