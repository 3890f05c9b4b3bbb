// Full checks of sampled responses: the right result, not just any result.

import { ROUTE_ARGUMENTS } from './messages.mjs';

/**
 * A validator of parsed responses to the given method, against the tool list captured from Qiongli.
 * @param {'tools/call'|'tools/list'} method
 * @param {import('./fixture.mjs').Fixture} fixture
 * @returns {(message: any) => boolean}
 */
export function validatorFor(method, fixture) {
  if (method === 'tools/call') {
    return (message) => {
      const result = message?.result;
      return (
        result?.isError !== true &&
        result?.content?.[0]?.type === 'text' &&
        result?.structuredContent?.request === ROUTE_ARGUMENTS.request &&
        result?.structuredContent?.platform === ROUTE_ARGUMENTS.platform &&
        result?.structuredContent?.preview_only === true
      );
    };
  }
  const names = fixture.legacyListResult.tools.map((tool) => tool.name).join(',');
  return (message) => Array.isArray(message?.result?.tools) && message.result.tools.map((tool) => tool.name).join(',') === names;
}
