import type { Framing } from '../../ports/transport.port.js';
import type { HeldResources } from '../../ports/held-resources.port.js';
import type { TimeSlices } from '../../ports/time-slices.port.js';
import { jsonStringStepwise } from '../../domain/shared/sliced-text.js';
import type { Params } from './admission.js';
import { errorFrame, resultFrame, type RequestId } from './json-rpc.js';
import { ErrorCode, Message, MODERN_CACHE_HINT, type Revision } from './protocol-constants.js';
import { traitsOf } from './revisions.js';
import type { InflightWork, Reply } from './inflight-work.js';
import type { MethodHandler } from './connection-era.js';

/** Cache hint of a modern `resources/read` result: a held file never changes under its uri; it is the person's own. */
const READ_CACHE_HINT = { ttlMs: 1_800_000, cacheScope: 'private' } as const;

/** The keys `resources/read` params may carry. */
const READ_KEYS = new Set(['uri', '_meta']);

/**
 * `resources/list`, `resources/templates/list` and `resources/read` of one connection
 * (docs/protocol.md#resources). The files a tool made for a person (its `resource_link` items)
 * are read from the {@link HeldResources} port; the lists are empty, in both eras: the 2026-07-28
 * revision requires that `resources/list` not change as a side effect of other requests, and a
 * linked file need not be listed. No cursor is ever issued.
 */
export class ResourceMethods {
  constructor(
    private readonly held: HeldResources | undefined,
    private readonly work: InflightWork,
    private readonly slices: TimeSlices,
    private readonly serverMeta: string,
  ) {}

  /** The handlers of the three methods, by method name. */
  handlers(): [string, MethodHandler][] {
    return [
      ['resources/list', (request, revision) => this.list(request.id, request.params, revision)],
      ['resources/templates/list', (request, revision) => this.templates(request.id, request.params, revision)],
      ['resources/read', (request, revision) => this.read(request.id, request.params, revision, request.framing)],
    ];
  }

  /** `resources/list`: always empty. */
  list(id: RequestId, params: Params | undefined, revision: Revision): string {
    return this.emptyList(id, params, revision, 'resources');
  }

  /** `resources/templates/list`: always empty. */
  templates(id: RequestId, params: Params | undefined, revision: Revision): string {
    return this.emptyList(id, params, revision, 'resourceTemplates');
  }

  /**
   * `resources/read`: the text of a held file, its JSON string built in time slices (a file may
   * be megabytes). An unknown, dropped or expired uri is `-32602` with a static message (the
   * code the 2026-07-28 revision prescribes; nothing of the uri is echoed).
   */
  read(id: RequestId, params: Params | undefined, revision: Revision, framing: Framing): Reply {
    if (params === undefined || typeof params.uri !== 'string' || Object.keys(params).some((key) => !READ_KEYS.has(key)))
      return errorFrame(id, ErrorCode.InvalidParams, Message.invalidResourceRead);
    const held = this.held?.read(params.uri);
    if (held === undefined) return errorFrame(id, ErrorCode.InvalidParams, Message.resourceNotFound);
    const { resource, text } = held;
    return this.work.runCall(id, params, framing, async (context) => {
      const literal = await this.slices.run(jsonStringStepwise(text), context.signal);
      const contents = `"contents":[{"uri":${JSON.stringify(resource.uri)},"mimeType":${JSON.stringify(resource.mimeType)},"text":${literal}}]`;
      return traitsOf(revision).envelope
        ? `{"resultType":"complete",${contents},"ttlMs":${READ_CACHE_HINT.ttlMs},"cacheScope":"${READ_CACHE_HINT.cacheScope}","_meta":${this.serverMeta}}`
        : `{${contents}}`;
    });
  }

  private emptyList(id: RequestId, params: Params | undefined, revision: Revision, key: string): string {
    if (params?.cursor !== undefined) return errorFrame(id, ErrorCode.InvalidParams, Message.cursorNotIssued);
    return resultFrame(
      id,
      traitsOf(revision).envelope
        ? `{"resultType":"complete","${key}":[],"ttlMs":${MODERN_CACHE_HINT.ttlMs},"cacheScope":"${MODERN_CACHE_HINT.cacheScope}","_meta":${this.serverMeta}}`
        : `{"${key}":[]}`,
    );
  }
}
