import type { Framing } from '../../ports/transport.port.js';
import type { TimeSlices } from '../../ports/time-slices.port.js';
import type { Params } from './admission.js';
import { errorFrame, guardResponseSize, resultFrame, type RequestId } from './json-rpc.js';
import { ErrorCode, Message, MODERN_CACHE_HINT, type Revision } from './protocol-constants.js';
import { traitsOf } from './revisions.js';
import type { FixedResults } from './server-identity.js';
import { acceptCall, encodeResult, runCall, type AcceptedCall } from './tool-call.js';
import type { ToolRegistry } from './tool-registry.js';
import type { InflightWork, Reply } from './inflight-work.js';
import { CLIENT_REQUEST_BOUNDS, ClientRequests } from './client-requests.js';
import { InputRequests } from './input-requests.js';
import type { ConnectionOptions } from './connection-options.js';
import { modernClientOpensUrls } from './client-capabilities.js';
import type { OfferRoute } from './url-offers.js';
import { success } from '../../domain/shared/result.js';
import type { ToolCallContext } from './tool-definition.js';

/** The route of a call whose client cannot be offered a page: one object for every such call. */
const RESULT_ONLY: OfferRoute = { kind: 'result-only' };

/** `tools/list` and `tools/call` of one connection, in any revision. */
export class ToolMethods {
  /** Each revision's `tools/list` result, encoded once. */
  private readonly listResults = new Map<Revision, string>();
  /** Set at `initialize` when a 2025-11-25 client declared URL-mode elicitation. */
  legacyOpensUrls = false;
  /** The requests this connection sends to its client (URL elicitation), and their answers. */
  readonly outbound: ClientRequests;
  private readonly inputs: InputRequests;
  private readonly timeSlices: TimeSlices;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly fixed: FixedResults,
    private readonly work: InflightWork,
    options: ConnectionOptions,
  ) {
    this.outbound = new ClientRequests(options.clientRequests ?? CLIENT_REQUEST_BOUNDS);
    this.inputs = new InputRequests(options.sealedTokens, fixed.serverMeta);
    this.timeSlices = options.timeSlices;
  }

  /** `tools/list`: no cursor is ever issued, so any cursor is refused. */
  list(id: RequestId, params: Params | undefined, revision: Revision): string {
    if (params?.cursor !== undefined) return errorFrame(id, ErrorCode.InvalidParams, Message.cursorNotIssued);
    let encoded = this.listResults.get(revision);
    if (encoded === undefined) {
      const tools = this.registry.encodedToolsFor(revision);
      encoded = traitsOf(revision).envelope
        ? `{"resultType":"complete","tools":${tools},"ttlMs":${MODERN_CACHE_HINT.ttlMs},"cacheScope":"${MODERN_CACHE_HINT.cacheScope}","_meta":${this.fixed.serverMeta}}`
        : `{"tools":${tools}}`;
      this.listResults.set(revision, encoded);
    }
    return resultFrame(id, encoded);
  }

  /**
   * `tools/call`: params checked, then the tool run as in-flight work of the connection. On a
   * 2026-07-28 connection a call carrying `requestState` is the retry of an input-required one
   * and completes from what the first round kept (docs/protocol.md#input-required-results).
   */
  call(id: RequestId, params: Params | undefined, revision: Revision, framing: Framing): Reply {
    const modern = traitsOf(revision).envelope;
    const accepted = acceptCall(params, (name) => this.registry.find(name), modern);
    if (accepted === 'malformed') return errorFrame(id, ErrorCode.InvalidParams, Message.invalidToolCall);
    if (accepted === 'unknown-tool') return errorFrame(id, ErrorCode.InvalidParams, Message.unknownTool);
    if (accepted.retry !== undefined) return this.resume(id, accepted, revision);
    const name = params?.name as string;
    return this.work.runCall(id, params, framing, (context) =>
      runCall(accepted, revision, context, this.fixed.serverMeta, this.timeSlices, this.routeFor(modern, params, name, accepted.args, framing, context)),
    );
  }

  /**
   * How a call of this connection may offer a page to its client (docs/protocol.md#url-elicitation).
   * The call's signal is read only for an elicitation: reading it creates the call's
   * AbortController, which a call nobody can be asked about does not need (issue 24, row 10).
   */
  private routeFor(
    modern: boolean,
    params: Params | undefined,
    toolName: string,
    args: Record<string, unknown>,
    framing: Framing,
    context: ToolCallContext,
  ): OfferRoute {
    if (modern) return modernClientOpensUrls(params) ? { kind: 'input-required', inputs: this.inputs, toolName, args } : RESULT_ONLY;
    if (!this.legacyOpensUrls) return RESULT_ONLY;
    return { kind: 'elicit', requests: this.outbound, send: (frame) => this.work.send(frame, framing), signal: context.signal };
  }

  /** The retry of an input-required call: its state checked, then the answer it carries. */
  private resume(id: RequestId, call: AcceptedCall, revision: Revision): string {
    const { requestState, inputResponses } = call.retry ?? {};
    const resumed = this.inputs.resume(call.tool.name, call.args, requestState, inputResponses);
    switch (resumed.kind) {
      case 'invalid-state':
        return errorFrame(id, ErrorCode.InvalidParams, Message.invalidRequestState);
      case 'malformed-responses':
        return errorFrame(id, ErrorCode.InvalidParams, Message.malformedInputResponses);
      case 'asked-again':
        return resultFrame(id, resumed.encoded);
      case 'answered':
        return guardResponseSize(
          resultFrame(id, encodeResult(call.tool, success(resumed.handOff.finish(resumed.offer)), revision, this.fixed.serverMeta, call.args)),
          id,
        );
    }
  }
}
