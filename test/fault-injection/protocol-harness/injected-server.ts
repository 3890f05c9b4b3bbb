// A server process like `bin/qiongli`, but composed through the embedding API with one tool
// replaced by a test tool (under the public name `qiongli_task_plan`) that misbehaves on
// demand. Arguments choose what it does:
//   {mode: "sleep", ms}            answers {slept: ms} after ms (sooner when cancelled)
//   {mode: "blob", ms, size, char} answers {blob: char × size} after ms (char default "x"; `wide`
//                                  widens the answer's budget to 100,000 characters)
//   {mode: "throw-later"}          throws from a timer, outside every promise chain
//   {mode: "reject-floating"}      leaves a rejected promise nobody handles
//   {mode: "throw-now"}            throws inside the call
import { createContainer, ToolDefinitionsId } from '../../../src/index.js';
import { serve } from '../../../src/composition/serve.js';
import type { ToolCallContext } from '../../../src/adapters/mcp/tool-definition.js';
import { success } from '../../../src/domain/shared/result.js';
import { processIo } from '../../../bin/process-io.js';
import { controllableTool } from '../../adapters/mcp/connection-support.js';

/** Text that must never reach stderr: where this program lives. */
const secret = `${process.cwd()} ${import.meta.url}`;

const misbehaving = controllableTool('qiongli_task_plan', (args: Record<string, unknown>, context: ToolCallContext) => {
  const ms = Number(args.ms ?? 0);
  const later = <T>(value: () => T): Promise<T> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(value()), ms);
      context.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(value());
      });
    });
  switch (args.mode) {
    case 'sleep':
      return later(() => success({ slept: ms }));
    case 'blob':
      return later(() => success({ blob: String(args.char ?? 'x').repeat(Number(args.size)) }));
    case 'throw-later':
      setTimeout(() => {
        throw new Error(secret);
      }, 10);
      return new Promise(() => undefined);
    case 'reject-floating':
      void Promise.reject(new Error(secret));
      return success({ fine: true });
    default:
      throw new Error(secret);
  }
});

const container = createContainer('lite');
const definitions = container.get(ToolDefinitionsId).map((definition) => (definition.name === misbehaving.name ? misbehaving : definition));
container.rebind(ToolDefinitionsId).toConstantValue(definitions);
serve(container, processIo());
