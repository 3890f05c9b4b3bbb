import type { Framing, Transport, TransportFailure, TransportListener } from '../../ports/transport.port.js';
import { admitMessage, decodeFrame, type Params } from './admission.js';
import { errorFrame, resultFrame, type RequestId } from './json-rpc.js';
import { ErrorCode, LIMITS, Message, MODERN_CACHE_HINT, type LegacyRevision, type Revision } from './protocol-constants.js';
import { checkEnvelope, hasModernClaim, isValidInitialize, negotiateLegacy, unsupportedVersionData } from './negotiation.js';
import { acceptCall, runCall } from './tool-call.js';
import { InflightCalls } from './call-control.js';
import { InflightBound } from './inflight-bound.js';
import { prescanBatch, type PrescanBounds } from './batch-prescan.js';
import { runBatch } from './batch-run.js';
import type { ToolRegistry } from './tool-registry.js';
import { encodeFixedResults, type FixedResults, type ServerIdentity } from './server-identity.js';

/** The era a connection speaks (docs/protocol.md#protocol-eras); chosen by its first accepted negotiating message. */
type Era = { readonly kind: 'none' } | { readonly kind: 'legacy'; readonly revision: LegacyRevision } | { readonly kind: 'modern' };

/** A reply: an encoded frame, nothing, or either later. */
type Reply = string | null | Promise<string | null>;

/**
 * Answers still pending (tool calls waiting on I/O, batch elements included) beyond which the
 * connection stops reading until half of them are done: a peer pipelining slow calls cannot
 * make the server hold an unbounded number of them, nor queue their answers past the output
 * back-pressure.
 */
export const MAX_PENDING_ANSWERS = 64;

/** Failures of the output: nothing more can be sent, so nothing is waited for. */
const OUTPUT_FAILURES: ReadonlySet<TransportFailure> = new Set(['stdout-closed', 'write-failure']);
const PRESCAN_BOUNDS: PrescanBounds = { maxElements: LIMITS.maxBatchElements, maxValues: LIMITS.maxFrameValues };

/** What the connection tells whoever runs it. */
export interface ConnectionLifecycle {
  /**
   * Input is over and every request read before its end has been answered. `failure` tells
   * why the input broke off when it did not end cleanly (a truncated or invalid frame, a read
   * error): the answers still went out first.
   */
  finished(failure?: TransportFailure): void;
  /** The output failed (stdout closed, write error): in-flight work was aborted. */
  failed(reason: TransportFailure): void;
}

/**
 * One MCP connection over a {@link Transport}: admission, era negotiation and per-era
 * dispatch, batches, concurrent tool calls with one AbortSignal each,
 * `notifications/cancelled`, progress, the in-flight bound and the 8 MiB response guard
 * (docs/robustness.md tells what happens at the edges).
 */
export class McpConnection implements TransportListener {
  private era: Era = { kind: 'none' };
  private readonly calls = new InflightCalls();
  private readonly bound: InflightBound;
  /** Set when input is over; `failure` when it broke off. */
  private inputOver: { readonly failure?: TransportFailure } | undefined;
  private done = false;
  private stopped = false;
  private readonly fixed: FixedResults;
  private readonly budgetOf = (message: Record<string, unknown>): number => this.paramsBudget(message);

  constructor(
    private readonly transport: Transport,
    private readonly registry: ToolRegistry,
    identity: ServerIdentity,
    private readonly lifecycle: ConnectionLifecycle,
  ) {
    this.fixed = encodeFixedResults(identity);
    this.bound = new InflightBound(MAX_PENDING_ANSWERS, transport, () => this.finishIfDone());
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
    if (this.stopped) return;
    this.stopped = true;
    this.bound.stop();
    this.transport.pauseReading();
    this.calls.cancelAll();
  }

  onFrame(payload: Uint8Array, framing: Framing): void {
    if (this.stopped) return;
    const prescan = prescanBatch(payload, PRESCAN_BOUNDS);
    if (prescan === 'not-json') return this.send(errorFrame(null, ErrorCode.ParseError, Message.parseError), framing);
    if (prescan === 'too-many-values') return this.send(errorFrame(null, ErrorCode.InvalidRequest, Message.tooManyValues), framing);
    if (prescan === 'too-many-elements')
      return this.send(errorFrame(null, ErrorCode.InvalidRequest, this.acceptsBatches ? Message.batchTooLarge : Message.batchNotSupported), framing);
    const decoded = decodeFrame(payload);
    if (decoded.kind === 'rejected') return this.send(errorFrame(null, decoded.code, decoded.message), framing);
    if (Array.isArray(decoded.value)) return this.handleBatch(decoded.value, framing);
    this.deliver(this.handleMessage(decoded.value, payload.byteLength, framing, false), framing);
  }

  onOversize(framing: Framing): void {
    if (!this.stopped) this.send(errorFrame(null, ErrorCode.InvalidRequest, Message.frameTooLarge), framing);
  }

  onEnd(): void {
    this.inputOver = {};
    this.finishIfDone();
  }

  onFatal(reason: TransportFailure): void {
    if (OUTPUT_FAILURES.has(reason)) {
      this.stop();
      this.lifecycle.failed(reason);
      return;
    }
    this.inputOver = { failure: reason };
    this.finishIfDone();
  }

  private finishIfDone(): void {
    if (this.inputOver === undefined || this.done || this.stopped || !this.bound.idle) return;
    this.done = true;
    this.lifecycle.finished(this.inputOver.failure);
  }

  private send(frame: string | Uint8Array, framing: Framing): void {
    if (!this.stopped) this.transport.send(frame, framing);
  }

  private deliver(reply: Reply, framing: Framing): void {
    if (reply === null) return;
    if (typeof reply === 'string') return this.send(reply, framing);
    this.bound.track(reply, (frame) => {
      if (frame !== null) this.send(frame, framing);
    });
  }

  private paramsBudget(message: Record<string, unknown>): number {
    if (message.method !== 'tools/call') return LIMITS.maxParamsBytes;
    const name = (message.params as Params | undefined)?.name;
    const tool = typeof name === 'string' ? this.registry.find(name) : undefined;
    return tool?.inputBudgetBytes ?? LIMITS.maxParamsBytes;
  }

  /** Batches exist on 2025-03-26 connections only. */
  private get acceptsBatches(): boolean {
    return this.era.kind === 'legacy' && this.era.revision === '2025-03-26';
  }

  private handleBatch(items: unknown[], framing: Framing): void {
    if (!this.acceptsBatches) return this.send(errorFrame(null, ErrorCode.InvalidRequest, Message.batchNotSupported), framing);
    if (items.length === 0) return this.send(errorFrame(null, ErrorCode.InvalidRequest, Message.emptyBatch), framing);
    if (items.length > LIMITS.maxBatchElements)
      return this.send(errorFrame(null, ErrorCode.InvalidRequest, Message.batchTooLarge), framing);
    runBatch(items, {
      handle: (item) => this.handleMessage(item, undefined, framing, true),
      send: (frame) => this.send(frame, framing),
      bound: this.bound,
    });
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
    if (method === 'notifications/cancelled') this.calls.cancel(params?.requestId);
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
    return this.calls.run(
      id,
      params,
      (frame) => this.send(frame, framing),
      (context) => runCall(accepted, revision, context, this.fixed.serverMeta),
    );
  }
}
