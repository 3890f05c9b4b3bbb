import { z } from 'zod';
import { McpConnection } from '../../../src/adapters/mcp/connection.js';
import { ToolRegistry } from '../../../src/adapters/mcp/tool-registry.js';
import { defineTool, LOCAL_READ_ONLY, type ToolCallContext, type ToolDefinition } from '../../../src/adapters/mcp/tool-definition.js';
import { ALL_CAPABILITY_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { FakeTransport } from '../../fakes/transport.fake.js';
import { testConnectionOptions } from '../../support/connection-options.js';
import type { ConnectionOptions } from '../../../src/adapters/mcp/connection-options.js';
import { initialize } from '../../support/messages.js';

/** A test tool under a real public name, whose behaviour each test controls; an argument `wide` widens its answer budget to 100,000 characters. */
export const controllableTool = (name: string, run: (args: any, context: ToolCallContext) => any): ToolDefinition =>
  defineTool({
    name,
    title: 'test',
    description: 'test',
    group: 'orchestration',
    input: z.looseObject({}),
    output: z.looseObject({}),
    annotations: LOCAL_READ_ONLY,
    inputBudgetBytes: 256 * 1024,
    widenedBy: ['wide'],
    redaction: 'standard',
    run,
  });

/** A started connection over a fake transport, initialized in `revision` (2026-07-28: no initialize; send `modern` requests). */
export function connect(tools: ToolDefinition[], revision = '2025-06-18', options: Partial<ConnectionOptions> = {}) {
  const transport = new FakeTransport();
  const events = { finished: 0, finishedWith: [] as (string | undefined)[], failed: [] as string[] };
  const connection = new McpConnection(
    transport,
    new ToolRegistry(tools, new Set(ALL_CAPABILITY_GROUPS)),
    { name: 'qiongli', version: '0.0.0', title: 'Q', instructions: 'i' },
    {
      finished: (failure) => {
        events.finished++;
        events.finishedWith.push(failure);
      },
      failed: (reason) => events.failed.push(reason),
    },
    testConnectionOptions(options),
  );
  connection.start();
  if (revision !== '2026-07-28') transport.receive(initialize(0, revision));
  return { transport, events, connection };
}

/** Resolves after pending promise callbacks and immediates queued before it. */
export const tick = () => new Promise((resolve) => setImmediate(resolve));
