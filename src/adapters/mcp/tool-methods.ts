import type { Framing } from '../../ports/transport.port.js';
import type { Params } from './admission.js';
import { errorFrame, resultFrame, type RequestId } from './json-rpc.js';
import { ErrorCode, Message, MODERN_CACHE_HINT, type Revision } from './protocol-constants.js';
import { traitsOf } from './revisions.js';
import type { FixedResults } from './server-identity.js';
import { acceptCall, runCall } from './tool-call.js';
import type { ToolRegistry } from './tool-registry.js';
import type { InflightWork, Reply } from './inflight-work.js';

/** `tools/list` and `tools/call` of one connection, in any revision. */
export class ToolMethods {
  /** Each revision's `tools/list` result, encoded once. */
  private readonly listResults = new Map<Revision, string>();

  constructor(
    private readonly registry: ToolRegistry,
    private readonly fixed: FixedResults,
    private readonly work: InflightWork,
  ) {}

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

  /** `tools/call`: params checked, then the tool run as in-flight work of the connection. */
  call(id: RequestId, params: Params | undefined, revision: Revision, framing: Framing): Reply {
    const accepted = acceptCall(params, (name) => this.registry.find(name));
    if (accepted === 'malformed') return errorFrame(id, ErrorCode.InvalidParams, Message.invalidToolCall);
    if (accepted === 'unknown-tool') return errorFrame(id, ErrorCode.InvalidParams, Message.unknownTool);
    return this.work.runCall(id, params, framing, (context) => runCall(accepted, revision, context, this.fixed.serverMeta));
  }
}
