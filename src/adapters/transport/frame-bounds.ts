/** Size limits of the stdio framing (docs/protocol.md#framing). */
export interface FrameBounds {
  /**
   * Largest frame payload in bytes: a line's content (without its `\n` and a trailing `\r`) or
   * a Content-Length payload. A larger frame is skipped without being buffered.
   */
  readonly maxFrameBytes: number;
  /**
   * Largest Content-Length header block in bytes, counting every byte from the start of its
   * first line up to and including its terminating empty line.
   */
  readonly maxHeaderBytes: number;
}

/** The docs/protocol.md#framing bounds: 8 MiB per frame, 64 KiB per header block. */
export const SPEC_FRAME_BOUNDS: FrameBounds = Object.freeze({
  maxFrameBytes: 8 * 1024 * 1024,
  maxHeaderBytes: 64 * 1024,
});
