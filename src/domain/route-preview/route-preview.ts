import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { boundedString } from '../shared/string-checks.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { PREVIEW_PLATFORMS, previewFlagsShape, previewWith } from '../preview-shared/preview-flags.js';

/** Arguments of `qiongli_orchestrator_route` (docs/tools.md#11-qiongli_orchestrator_route). */
export const routePreviewInput = schemaOnFirstUse(() =>
  z.strictObject(
    {
      request: boundedString(
        { max: 4096, unit: 'bytes', nonBlank: true },
        {
          missing: 'Missing request',
          type: 'request must be a string',
          blank: 'request must not be empty',
          tooLong: 'request exceeds the byte limit',
        },
      ).describe('What the user wants done, in their words (at most 4096 bytes). Returned unchanged.'),
      platform: z.enum(PREVIEW_PLATFORMS, { error: 'unsupported platform' }).default('unknown').describe('The client platform asking for the route.'),
    },
    { error: UNSUPPORTED_ARGUMENT },
  ),
);

/** Result of a route preview. */
export const routePreviewOutput = schemaOnFirstUse(() =>
  z.strictObject({
    ...previewFlagsShape(),
    request: z.string(),
    platform: z.enum(PREVIEW_PLATFORMS),
  }),
);

/** A route preview, as returned to the client. */
export type RoutePreview = z.output<ReturnType<typeof routePreviewOutput>>;

/**
 * Previews how a request would be routed. A pure function: Lite never runs agents, processes
 * or shells, so the preview always says execution needs the Full CLI.
 */
export function previewRoute(input: z.output<ReturnType<typeof routePreviewInput>>): RoutePreview {
  return previewWith({ request: input.request, platform: input.platform });
}
