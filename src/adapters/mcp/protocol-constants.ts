/** JSON-RPC / MCP error codes this server uses (docs/protocol.md#in-both-eras). Nothing in -32000..-32019. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  UnsupportedProtocolVersion: -32022,
} as const;

/** The stateless modern revision. */
export const MODERN_REVISION = '2026-07-28';
/** Legacy revisions negotiated through `initialize`, oldest first. */
export const LEGACY_REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;
/** One legacy revision. */
export type LegacyRevision = (typeof LEGACY_REVISIONS)[number];
/** Every revision a connection can speak. */
export type Revision = LegacyRevision | typeof MODERN_REVISION;
/** What a legacy `initialize` answers when the client asks for a revision it does not know. */
export const LATEST_LEGACY_REVISION: LegacyRevision = '2025-11-25';

/** `_meta` keys of the modern envelope. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** Admission bounds (docs/protocol.md#framing, docs/protocol.md#admission, docs/protocol.md#in-both-eras). */
export const LIMITS = {
  maxDepth: 32,
  maxMethodBytes: 128,
  maxIdBytes: 128,
  maxParamsBytes: 256 * 1024,
  maxResponseBytes: 8 * 1024 * 1024,
  maxBatchElements: 1024,
  /** Values (containers and separators) one frame may hold: parsing more costs too much memory. */
  maxFrameValues: 131_072,
  /** Members one object of a frame may hold: parsing one huge object costs far more per key (issue 19, row 5). */
  maxObjectMembers: 1024,
} as const;

/** The bounds a frame's bytes are checked against before it is parsed (docs/robustness.md#batches-2025-03-26-connections-only). */
export const FRAME_PRESCAN_BOUNDS = {
  maxElements: LIMITS.maxBatchElements,
  maxValues: LIMITS.maxFrameValues,
  maxDepth: LIMITS.maxDepth,
  maxMembers: LIMITS.maxObjectMembers,
} as const;

/** Cache hint of modern `tools/list` and `server/discover` results: one hour, public. */
export const MODERN_CACHE_HINT = { ttlMs: 3_600_000, cacheScope: 'public' } as const;

/** Static error messages. None of them ever contains anything the peer sent. */
export const Message = {
  parseError: 'Parse error',
  invalidRequest: 'Invalid request',
  tooDeep: 'Invalid request: nesting too deep',
  frameTooLarge: 'Invalid request: message too large',
  nullId: 'Invalid request: id must be a string or an integer',
  batchNotSupported: 'Invalid request: batches are not supported on this connection',
  emptyBatch: 'Invalid request: empty batch',
  batchTooLarge: 'Invalid request: a batch holds at most 1024 messages',
  tooManyValues: 'Invalid request: message holds too many values',
  initializeInBatch: 'Invalid request: initialize cannot be batched',
  notInitialized: 'Invalid request: the connection has not negotiated a protocol version',
  alreadyInitialized: 'Invalid request: the connection is already initialized',
  modernClaimOnLegacy: 'Invalid request: this connection negotiated a legacy protocol revision',
  methodNotFound: 'Method not found',
  paramsTooLarge: 'Invalid params: params too large',
  invalidInitialize: 'Invalid params: initialize requires protocolVersion, capabilities and clientInfo',
  missingEnvelope: 'Invalid params: missing or malformed request metadata envelope',
  unsupportedVersion: 'Unsupported protocol version',
  cursorNotIssued: 'Invalid params: no cursor was issued',
  unknownTool: 'Invalid params: unknown tool',
  invalidToolCall: 'Invalid params: tools/call takes name, arguments and _meta',
  invalidRequestState: 'Invalid params: requestState is not valid for this call (altered, expired, already used or issued for another call)',
  malformedInputResponses: 'Invalid params: inputResponses must map each input request to its result',
  invalidResourceRead: 'Invalid params: resources/read takes uri and _meta',
  resourceNotFound: 'Invalid params: resource not found (it expired after 30 minutes or was never issued); call the tool again',
  internalError: 'Internal error',
  outputTooLarge: 'Internal error: tool output too large',
} as const;
