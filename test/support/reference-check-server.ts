import assert from 'node:assert/strict';
import { fromJsonSchema } from '@modelcontextprotocol/client';
import { createContainer } from '../../src/composition/create-container.js';
import { UndiciReferenceLookup } from '../../src/adapters/reference-lookup/index.js';
import { LITE_DEFAULT_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { checkReferencesOutput } from '../../src/domain/reference-check/check-output.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { canarySecrets, everyProviderReady } from '../domain/literature-search/search-harness.js';
import { FakeClock } from '../adapters/provider-http/fake-clock.js';
import { connectV1InProcess } from './in-process-v1-client.js';
import { startLoopbackGraph, type LoopbackGraph, type LoopbackRoute } from './loopback-graph.js';
import { testHttp } from './provider-http.js';
import { referenceWorldRoute } from './reference-world.js';

const CHECK_TOOL = 'qiongli_literature_check_references';

/** A `tools/call` result as the v1 client returns it. */
interface CheckResult {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text: string }[];
}

/** How a check server is set up. */
export interface CheckServerOptions {
  /** The loopback's answers (default: the world of real bodies, test/support/reference-world.ts). */
  readonly route?: LoopbackRoute;
  /** Delay of every answer, ms (default 1). */
  readonly delayMs?: number;
  /**
   * `true` (default): the lookups run over a kernel with a clock whose waits pass at once, so the
   * pacing lanes cost no real time (real undici, real loopback); `false`: the container's own
   * lookups, built lazily on the shared provider runtime, with the real pacing.
   */
  readonly instantPacing?: boolean;
}

/**
 * The composed Lite server with `verify` granted, every provider ready with canary keys, its
 * reference lookups over real undici pointed at the loopback, and the v1 SDK client in process:
 * every result is checked against the listed outputSchema by v1 (it throws otherwise), by the v2
 * validator, and by the tool's own zod schema; the text content is the structured content.
 */
export async function startCheckServer(options: CheckServerOptions = {}) {
  const loopback = await startLoopbackGraph(options.route ?? referenceWorldRoute(), { delayMs: options.delayMs ?? 1 });
  const lookup =
    options.instantPacing === false
      ? {}
      : { referenceLookup: new UndiciReferenceLookup({ http: testHttp({ dispatcher: loopback.dispatcher, clock: new FakeClock() }) }) };
  const container = createContainer('lite', {
    grants: new Set([...LITE_DEFAULT_GROUPS, 'verify']),
    configSource: FakeConfigSource.withProviders(everyProviderReady),
    secretStore: canarySecrets(),
    dispatcher: loopback.dispatcher,
    ...lookup,
  });
  const { client, server } = await connectV1InProcess(container);
  const { tools } = await client.listTools();
  const outputSchema = tools.find((tool) => tool.name === CHECK_TOOL)?.outputSchema;
  assert.ok(outputSchema, 'the reference check is listed with an output schema');
  const v2 = fromJsonSchema(outputSchema as Record<string, unknown>);
  const check = async (
    args: Record<string, unknown>,
    extra: { onprogress?: (progress: { progress: number; total?: number }) => void; signal?: AbortSignal } = {},
  ) => {
    const result = (await client.callTool({ name: CHECK_TOOL, arguments: args }, undefined, { ...extra, timeout: 120_000 })) as CheckResult;
    if (!result.isError) {
      const verdict = await v2['~standard'].validate(result.structuredContent);
      assert.ok(!('issues' in verdict && verdict.issues), 'the v2 client accepts it too');
      assert.ok(checkReferencesOutput().safeParse(result.structuredContent).success, "the tool's own schema accepts it");
      assert.deepEqual(JSON.parse(result.content[0]!.text), result.structuredContent);
    }
    return result;
  };
  return {
    client,
    server,
    loopback,
    check,
    close: async () => {
      await client.close();
      await loopback.close();
    },
  };
}

/** Runs `body` with a fresh check server, closing it after. */
export async function withCheckServer(
  options: CheckServerOptions,
  body: (server: Awaited<ReturnType<typeof startCheckServer>>) => Promise<void>,
): Promise<void> {
  const server = await startCheckServer(options);
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

/** The loopback requests per host, for counting what a check sent. */
export const requestsTo = (loopback: LoopbackGraph, host: string): number => loopback.requests.filter((request) => request.host === host).length;
