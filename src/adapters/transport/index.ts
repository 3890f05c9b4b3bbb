/** The stdio Transport adapter (docs/protocol.md#framing) and its parts. */
export { StdioTransport } from './stdio-transport.js';
export { FrameReader } from './frame-reader.js';
export { FrameWriter, type FrameWriterEvents } from './frame-writer.js';
export { encodeFrame } from './frame-encoder.js';
export { classifyOutputError } from './output-failure.js';
export { type FrameBounds, SPEC_FRAME_BOUNDS } from './frame-bounds.js';
export { HeaderStartDetector } from './header-start-detector.js';
export { HeaderBlock, type HeaderBlockState } from './header-block.js';
export { ContentLengthValue } from './content-length-value.js';
