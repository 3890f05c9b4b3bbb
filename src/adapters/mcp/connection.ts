import type { Framing, Transport, TransportFailure, TransportListener } from '../../ports/transport.port.js';
import { admitMessage, decodeFrame, type FrameFacts, type Params } from './admission.js';
import { errorFrame, resultFrame } from './json-rpc.js';
import { ErrorCode, FRAME_PRESCAN_BOUNDS, LIMITS, Message, MODERN_REVISION, type Revision } from './protocol-constants.js';
import { hasModernClaim, isValidInitialize, negotiateLegacy, refuseUnclaimed, rejectEnvelope } from './negotiation.js';
import { prescanBatch } from './batch-prescan.js';
import { traitsOf } from './revisions.js';
import type { ToolRegistry } from './tool-registry.js';
import { encodeFixedResults, type FixedResults, type ServerIdentity } from './server-identity.js';
import { InflightWork, type ConnectionLifecycle, type Reply } from './inflight-work.js';
import { ToolMethods } from './tool-methods.js';
import { ResourceMethods } from './resource-methods.js';
import { legacyClientOpensUrls } from './client-capabilities.js';
import type { ConnectionOptions } from './connection-options.js';
import type { Era, Incoming, MethodHandler } from './connection-era.js';

export { MAX_PENDING_ANSWERS, type ConnectionLifecycle } from './inflight-work.js';
export type { ConnectionOptions } from './connection-options.js';

/**
 * One MCP connection over a {@link Transport}: admission, era negotiation and a dispatch table
 * per era. Tool methods live in {@link ToolMethods}; in-flight counting, pausing, cancellation
 * and when the connection is finished live in {@link InflightWork} (docs/robustness.md tells
 * what happens at the edges); requests to the client and their answers in `ClientRequests`.
 */
export class McpConnection implements TransportListener {
  private era: Era = { kind: 'none' };
  private readonly work: InflightWork;
  private readonly fixed: FixedResults;
  private readonly tools: ToolMethods;
  private readonly budgetOf = (message: Record<string, unknown>): number => this.paramsBudget(message);

  /** Methods of a legacy connection (after `initialize`). */
  private readonly legacyMethods = new Map<string, MethodHandler>([
    ['initialize', (request) => errorFrame(request.id, ErrorCode.InvalidRequest, request.inBatch ? Message.initializeInBatch : Message.alreadyInitialized)],
    ['ping', (request) => resultFrame(request.id, '{}')],
    ['tools/list', (request, revision) => this.tools.list(request.id, request.params, revision)],
    ['tools/call', (request, revision) => this.tools.call(request.id, request.params, revision, request.framing)],
  ]);

  /** Methods of a modern request whose envelope was accepted. */
  private readonly modernMethods = new Map<string, MethodHandler>([
    ['server/discover', (request) => resultFrame(request.id, this.fixed.discover)],
    ['tools/list', (request, revision) => this.tools.list(request.id, request.params, revision)],
    ['tools/call', (request, revision) => this.tools.call(request.id, request.params, revision, request.framing)],
  ]);

  constructor(
    private readonly transport: Transport,
    private readonly registry: ToolRegistry,
    identity: ServerIdentity,
    lifecycle: ConnectionLifecycle,
    options: ConnectionOptions,
  ) {
    this.fixed = encodeFixedResults(identity);
    this.work = new InflightWork(transport, lifecycle);
    this.tools = new ToolMethods(registry, this.fixed, this.work, options);
    // The resource methods are the same in both eras (docs/protocol.md#resources).
    for (const [method, handler] of new ResourceMethods(options.heldResources, this.work, options.timeSlices, this.fixed.serverMeta).handlers())
      for (const methods of [this.legacyMethods, this.modernMethods]) methods.set(method, handler);
  }

  /** Starts serving. */
  start(): void {
    this.transport.start(this);
  }

  /**
   * Stops serving (a signal): reads nothing more, aborts every in-flight request and sends no
   * new answer; frames already queued are still written. Reports nothing to the lifecycle.
   */
  stop(): void {
    this.tools.outbound.closeAll();
    this.work.stop();
  }

  onFrame(payload: Uint8Array, framing: Framing): void {
    if (this.work.isStopped) return;
    const prescan = prescanBatch(payload, FRAME_PRESCAN_BOUNDS);
    if (prescan === 'not-json') return this.work.send(errorFrame(null, ErrorCode.ParseError, Message.parseError), framing);
    if (prescan === 'too-many-values') return this.work.send(errorFrame(null, ErrorCode.InvalidRequest, Message.tooManyValues), framing);
    if (prescan === 'too-many-elements')
      return this.work.send(errorFrame(null, ErrorCode.InvalidRequest, this.acceptsBatches ? Message.batchTooLarge : Message.batchNotSupported), framing);
    const decoded = decodeFrame(payload);
    if (decoded.kind === 'rejected') return this.work.send(errorFrame(null, decoded.code, decoded.message), framing);
    if (Array.isArray(decoded.value)) return this.handleBatch(decoded.value, framing);
    this.work.deliver(this.handleMessage(decoded.value, { bytes: payload.byteLength, shallow: prescan === 'parse-shallow' }, framing, false), framing);
  }

  onOversize(framing: Framing): void {
    this.work.send(errorFrame(null, ErrorCode.InvalidRequest, Message.frameTooLarge), framing);
  }

  /** End of input: no answer to a request of ours can come any more. */
  onEnd(): void {
    this.tools.outbound.closeAll();
    this.work.inputEnded();
  }

  onFatal(reason: TransportFailure): void {
    this.tools.outbound.closeAll();
    this.work.transportFailed(reason);
  }

  private paramsBudget(message: Record<string, unknown>): number {
    if (message.method !== 'tools/call') return LIMITS.maxParamsBytes;
    const name = (message.params as Params | undefined)?.name;
    const tool = typeof name === 'string' ? this.registry.find(name) : undefined;
    return tool?.inputBudgetBytes ?? LIMITS.maxParamsBytes;
  }

  /** Whether this connection accepts batches: only a legacy revision that has them. */
  private get acceptsBatches(): boolean {
    return this.era.kind === 'legacy' && traitsOf(this.era.revision).batches;
  }

  private handleBatch(items: unknown[], framing: Framing): void {
    if (!this.acceptsBatches) return this.work.send(errorFrame(null, ErrorCode.InvalidRequest, Message.batchNotSupported), framing);
    if (items.length === 0) return this.work.send(errorFrame(null, ErrorCode.InvalidRequest, Message.emptyBatch), framing);
    if (items.length > LIMITS.maxBatchElements) return this.work.send(errorFrame(null, ErrorCode.InvalidRequest, Message.batchTooLarge), framing);
    this.work.runBatch(items, framing, (item) => this.handleMessage(item, undefined, framing, true));
  }

  private handleMessage(value: unknown, frame: FrameFacts | undefined, framing: Framing, inBatch: boolean): Reply {
    const admission = admitMessage(value, frame, this.budgetOf);
    switch (admission.kind) {
      case 'rejected':
        return errorFrame(admission.id, admission.code, admission.message);
      case 'response':
        this.tools.outbound.receiveAnswer(admission.id, admission.answer);
        return null;
      case 'ignored':
        return null;
      case 'notification':
        if (admission.method === 'notifications/cancelled') this.work.cancel(admission.params?.requestId);
        return null;
      case 'request':
        try {
          return this.handleRequest({ id: admission.id, method: admission.method, params: admission.params, framing, inBatch });
        } catch {
          return errorFrame(admission.id, ErrorCode.InternalError, Message.internalError);
        }
    }
  }

  private handleRequest(request: Incoming): Reply {
    const claim = hasModernClaim(request.params);
    switch (this.era.kind) {
      case 'legacy':
        if (claim) return errorFrame(request.id, ErrorCode.InvalidRequest, Message.modernClaimOnLegacy);
        return this.dispatch(this.legacyMethods, request, this.era.revision);
      case 'modern':
        if (!claim)
          return this.era.probeOnly && request.method === 'initialize' ? this.initialize(request) : refuseUnclaimed(request.id, request.method, request.params);
        return rejectEnvelope(request.id, request.params) ?? this.dispatchModern(request);
      case 'none':
        return this.negotiate(request, claim);
    }
  }

  /** The first negotiating message chooses the era: a valid envelope (modern) or `initialize` (legacy). */
  private negotiate(request: Incoming, claim: boolean): Reply {
    const { id, method, params } = request;
    if (claim) {
      if (method === 'initialize') return errorFrame(id, ErrorCode.MethodNotFound, Message.methodNotFound);
      const rejection = rejectEnvelope(id, params);
      if (rejection !== null) return rejection;
      this.era = { kind: 'modern', probeOnly: true };
      return this.dispatchModern(request);
    }
    if (method === 'initialize') return this.initialize(request);
    if (method === 'ping') return resultFrame(id, '{}');
    return errorFrame(id, ErrorCode.InvalidRequest, Message.notInitialized);
  }

  /**
   * A claimless `initialize` pins the legacy era: as the first negotiating message, or after a
   * `server/discover` probe alone, which a client falls back from when the answer came later
   * than it waited (the 2026-07-28 stdio binding's backward compatibility).
   */
  private initialize(request: Incoming): Reply {
    const { id, params } = request;
    if (!isValidInitialize(params)) return errorFrame(id, ErrorCode.InvalidParams, Message.invalidInitialize);
    const revision = negotiateLegacy((params as Params).protocolVersion as string);
    this.era = { kind: 'legacy', revision };
    this.tools.legacyOpensUrls = legacyClientOpensUrls(revision, params as Params);
    return resultFrame(id, this.fixed.initialize(revision));
  }

  /** Serves one modern request; anything but `server/discover` ends the probe-only window. */
  private dispatchModern(request: Incoming): Reply {
    if (request.method !== 'server/discover' && this.era.kind === 'modern' && this.era.probeOnly) this.era = { kind: 'modern', probeOnly: false };
    return this.dispatch(this.modernMethods, request, MODERN_REVISION);
  }

  private dispatch(methods: ReadonlyMap<string, MethodHandler>, request: Incoming, revision: Revision): Reply {
    const handler = methods.get(request.method);
    return handler === undefined ? errorFrame(request.id, ErrorCode.MethodNotFound, Message.methodNotFound) : handler(request, revision);
  }
}
