import type { FileHandle } from 'node:fs/promises';

/**
 * Reads an opened file to its end, or `undefined` as soon as it holds more than `limit` bytes
 * — whatever its size said, so a file that grew after it was checked is still caught.
 */
export async function readAtMost(handle: FileHandle, limit: number): Promise<Uint8Array | undefined> {
  const buffer = new Uint8Array(limit + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled > limit ? undefined : buffer.subarray(0, filled);
}
