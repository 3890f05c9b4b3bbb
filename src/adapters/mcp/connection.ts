import type { Framing, Transport, TransportFailure, TransportListener } from '../../ports/transport.port.js';
import { admitMessage, decodeFrame, type Params } from './admission.js';
import { errorFrame, isValidId, notificationFrame, resultFrame, guardResponseSize, type RequestId } from './json-rpc.js';
import { ErrorCode, LIMITS, Message, MODERN_CACHE_HINT, type LegacyRevision, type Revision } from './protocol-constants.js';
import { checkEnvelope, hasModernClaim, isValidInitialize, negotiateLegacy, unsupportedVersionData } from './negotiation.js';
import { acceptCall, runCall } from './tool-call.js';
import { CallControl } from './call-control.js';
import type { ToolRegistry } from './tool-registry.js';
import { encodeFixedResults, type FixedResults, type ServerIdentity } from './server-identity.js';

/** The era a connection speaks (SPEC §5); chosen by its first accepted negotiating message. */
type Era = { readonly kind: 'none' } | { readonly kind: 'legacy'; readonly revision: LegacyRevision } | { readonly kind: 'modern' };

/** A reply: an encoded frame, nothing, or either later. */
type Reply = string | null | Promise<string | null>;

/**
 * Answers still pending (tool calls waiting on I/O) beyond which the connection stops reading
 * until half of them are done: a peer pipelining slow calls cannot make the server hold an
 * unbounded number of them, nor queue their answers past the output back-pressure.
 */
export const MAX_PENDING_ANSWERS = 64;

/** What the connection tells whoever runs it. */
export interface ConnectionLifecycle {
  /** Input ended and every request read before the end has been answered. */
  finished(): void;
  /** The transport failed fatally. */
  failed(reason: TransportFailure): void;
}

/**
 * One MCP connection over a {@link Transport}: admission (SPEC §4), era negotiation and
 * per-era dispatch (SPEC §5), concurrent tool calls with one AbortSignal each,
 * `notifications/cancelled`, progress, and the 8 MiB response guard.
 */
export class McpConnection implements TransportListener {
  private era: Era = { kind: 'none' };
  private readonly inflight = new Map<string, CallControl>();
  private pending = 0;
  private readingHeld = false;
  private ended = false;
  private readonly fixed: FixedResults;
  private readonly budgetOf = (message: Record<string, unknown>): number => this.paramsBudget(message);

  constructor(
    private readonly transport: Transport,
    private readonly registry: ToolRegistry,
    identity: ServerIdentity,
    private readonly lifecycle: ConnectionLifecycle,
  ) {
    this.fixed = encodeFixedResults(identity);
  }

  /** Starts serving. */
  start(): void {
    this.transport.start(this);
  }

  /** Aborts every in-flight request (their responses are dropped). */
  abortAll(): void {
    for (const control of this.inflight.values()) control.cancel();
    this.inflight.clear();
  }

  onFrame(payload: Uint8Array, framing: Framing): void {
    const decoded = decodeFrame(payload);
    if (decoded.kind === 'rejected') return this.send(errorFrame(null, decoded.code, decoded.message), framing);
    const reply = Array.isArray(decoded.value)
      ? this.handleBatch(decoded.value, framing)
      : this.handleMessage(decoded.value, payload.byteLength, framing, false);
    this.deliver(reply, framing);
  }

  onOversize(framing: Framing): void {
    this.send(errorFrame(null, ErrorCode.InvalidRequest, Message.frameTooLarge), framing);
  }

  onEnd(): void {
    this.ended = true;
    if (this.pending === 0) this.lifecycle.finished();
  }

  onFatal(reason: TransportFailure): void {
    this.abortAll();
    this.lifecycle.failed(reason);
  }

  private send(frame: string, framing: Framing): void {
    this.transport.send(frame, framing);
  }

  private deliver(reply: Reply, framing: Framing): void {
    if (reply === null) return;
    if (typeof reply === 'string') return this.send(reply, framing);
    this.pending++;
    if (this.pending >= MAX_PENDING_ANSWERS && !this.readingHeld) {
      this.readingHeld = true;
      this.transport.pauseReading();
    }
    reply.then(
      (frame) => {
        if (frame !== null) this.send(frame, framing);
        this.settle();
      },
      () => this.settle(),
    );
  }

  private settle(): void {
    this.pending--;
    if (this.readingHeld && this.pending <= MAX_PENDING_ANSWERS / 2) {
      this.readingHeld = false;
      this.transport.resumeReading();
    }
    if (this.ended && this.pending === 0) this.lifecycle.finished();
  }

  private paramsBudget(message: Record<string, unknown>): number {
    if (message.method !== 'tools/call') return LIMITS.maxParamsBytes;
    const name = (message.params as Params | undefined)?.name;
    const tool = typeof name === 'string' ? this.registry.find(name) : undefined;
    return tool?.inputBudgetBytes ?? LIMITS.maxParamsBytes;
  }

  private handleBatch(items: unknown[], framing: Framing): Reply {
    if (this.era.kind !== 'legacy' || this.era.revision !== '2025-03-26')
      return errorFrame(null, ErrorCode.InvalidRequest, Message.batchNotSupported);
    if (items.length === 0) return errorFrame(null, ErrorCode.InvalidRequest, Message.emptyBatch);
    const replies = items.map((item) => this.handleMessage(item, undefined, framing, true));
    const join = (frames: (string | null)[]): string | null => {
      const present = frames.filter((frame): frame is string => frame !== null);
      return present.length === 0 ? null : `[${present.join(',')}]`;
    };
    if (replies.every((reply) => typeof reply === 'string' || reply === null)) return join(replies as (string | null)[]);
    return Promise.all(replies).then(join);
  }

  private handleMessage(value: unknown, encodedBytes: number | undefined, framing: Framing, inBatch: boolean): Reply {
    const admission = admitMessage(value, encodedBytes, this.budgetOf);
    switch (admission.kind) {
      case 'rejected':
        return errorFrame(admission.id, admission.code, admission.message);
      case 'ignored':
        return null;
      case 'notification':
        this.handleNotification(admission.method, admission.params);
        return null;
      case 'request':
        try {
          return this.handleRequest(admission.id, admission.method, admission.params, framing, inBatch);
        } catch {
          return errorFrame(admission.id, ErrorCode.InternalError, Message.internalError);
        }
    }
  }

  private handleNotification(method: string, params: Params | undefined): void {
    if (method !== 'notifications/cancelled') return;
    const requestId = params?.requestId;
    if (!isValidId(requestId)) return;
    const key = idKey(requestId);
    const control = this.inflight.get(key);
    if (control === undefined) return;
    this.inflight.delete(key);
    control.cancel();
  }

  private handleRequest(id: RequestId, method: string, params: Params | undefined, framing: Framing, inBatch: boolean): Reply {
    const claim = hasModernClaim(params);
    if (this.era.kind === 'legacy') return this.handleLegacy(this.era.revision, id, method, params, framing, claim, inBatch);
    if (this.era.kind === 'modern') return this.handleModern(id, method, params, framing, claim);
    return this.handleUnnegotiated(id, method, params, framing, claim);
  }

  private handleUnnegotiated(id: RequestId, method: string, params: Params | undefined, framing: Framing, claim: boolean): Reply {
    if (claim) {
      if (method === 'initialize') return errorFrame(id, ErrorCode.MethodNotFound, Message.methodNotFound);
      const rejection = this.rejectEnvelope(id, params);
      if (rejection !== null) return rejection;
      this.era = { kind: 'modern' };
      return this.dispatchModern(id, method, params, framing);
    }
    if (method === 'initialize') {
      if (!isValidInitialize(params)) return errorFrame(id, ErrorCode.InvalidParams, Message.invalidInitialize);
      const revision = negotiateLegacy((params as Params).protocolVersion as string);
      this.era = { kind: 'legacy', revision };
      return resultFrame(id, this.fixed.initialize(revision));
    }
    if (method === 'ping') return resultFrame(id, '{}');
    return errorFrame(id, ErrorCode.InvalidRequest, Message.notInitialized);
  }

  private handleLegacy(revision: LegacyRevision, id: RequestId, method: string, params: Params | undefined, framing: Framing, claim: boolean, inBatch: boolean): Reply {
    if (claim) return errorFrame(id, ErrorCode.InvalidRequest, Message.modernClaimOnLegacy);
    switch (method) {
      case 'initialize':
        return errorFrame(id, ErrorCode.InvalidRequest, inBatch ? Message.initializeInBatch : Message.alreadyInitialized);
      case 'ping':
        return resultFrame(id, '{}');
      case 'tools/list':
        return this.listTools(id, params, revision);
      case 'tools/call':
        return this.callTool(id, params, revision, framing);
      default:
        return errorFrame(id, ErrorCode.MethodNotFound, Message.methodNotFound);
    }
  }

  private handleModern(id: RequestId, method: string, params: Params | undefined, framing: Framing, claim: boolean): Reply {
    if (!claim) {
      if (method === 'initialize')
        return errorFrame(id, ErrorCode.UnsupportedProtocolVersion, Message.unsupportedVersion, unsupportedVersionData(params?.protocolVersion));
      return errorFrame(id, ErrorCode.InvalidParams, Message.missingEnvelope);
    }
    return this.rejectEnvelope(id, params) ?? this.dispatchModern(id, method, params, framing);
  }

  private rejectEnvelope(id: RequestId, params: Params | undefined): string | null {
    const verdict = checkEnvelope(params);
    if (verdict.kind === 'valid') return null;
    if (verdict.kind === 'malformed') return errorFrame(id, ErrorCode.InvalidParams, Message.missingEnvelope);
    return errorFrame(id, ErrorCode.UnsupportedProtocolVersion, Message.unsupportedVersion, unsupportedVersionData(verdict.requested));
  }

  private dispatchModern(id: RequestId, method: string, params: Params | undefined, framing: Framing): Reply {
    switch (method) {
      case 'server/discover':
        return resultFrame(id, this.fixed.discover);
      case 'tools/list':
        return this.listTools(id, params, '2026-07-28');
      case 'tools/call':
        return this.callTool(id, params, '2026-07-28', framing);
      default:
        return errorFrame(id, ErrorCode.MethodNotFound, Message.methodNotFound);
    }
  }

  private readonly listResults = new Map<Revision, string>();

  private listTools(id: RequestId, params: Params | undefined, revision: Revision): string {
    if (params?.cursor !== undefined) return errorFrame(id, ErrorCode.InvalidParams, Message.cursorNotIssued);
    let encoded = this.listResults.get(revision);
    if (encoded === undefined) {
      const tools = this.registry.encodedToolsFor(revision);
      encoded =
        revision === '2026-07-28'
          ? `{"resultType":"complete","tools":${tools},"ttlMs":${MODERN_CACHE_HINT.ttlMs},"cacheScope":"${MODERN_CACHE_HINT.cacheScope}","_meta":${this.fixed.serverMeta}}`
          : `{"tools":${tools}}`;
      this.listResults.set(revision, encoded);
    }
    return resultFrame(id, encoded);
  }

  private callTool(id: RequestId, params: Params | undefined, revision: Revision, framing: Framing): Reply {
    const accepted = acceptCall(params, (name) => this.registry.find(name));
    if (accepted === 'malformed') return errorFrame(id, ErrorCode.InvalidParams, Message.invalidToolCall);
    if (accepted === 'unknown-tool') return errorFrame(id, ErrorCode.InvalidParams, Message.unknownTool);
    const control = new CallControl();
    const progressToken = progressTokenOf(params);
    const reportProgress = (progress: number, total: number): void => {
      if (progressToken === undefined || control.answered || control.cancelled) return;
      this.send(notificationFrame('notifications/progress', { progressToken, progress, total }), framing);
    };
    const context = {
      get signal(): AbortSignal {
        return control.signal;
      },
      reportProgress,
    };
    const encoded = runCall(accepted, revision, context, this.fixed.serverMeta);
    if (typeof encoded === 'string') return guardResponseSize(resultFrame(id, encoded), id);
    const key = idKey(id);
    this.inflight.set(key, control);
    const release = (): void => {
      control.answered = true;
      if (this.inflight.get(key) === control) this.inflight.delete(key);
    };
    return encoded.then(
      (result) => {
        release();
        return control.cancelled ? null : guardResponseSize(resultFrame(id, result), id);
      },
      () => {
        release();
        return control.cancelled ? null : errorFrame(id, ErrorCode.InternalError, Message.internalError);
      },
    );
  }
}

const idKey = (id: RequestId): string => (typeof id === 'string' ? `s${id}` : `n${id}`);

function progressTokenOf(params: Params | undefined): string | number | undefined {
  const meta = params?._meta;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  const token = (meta as Record<string, unknown>).progressToken;
  return typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token)) ? token : undefined;
}
