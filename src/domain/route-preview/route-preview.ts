import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { boundedString } from '../shared/string-checks.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import {
  PREVIEW_PLATFORMS,
  previewFlags,
  previewFlagsShape,
  previewWith,
  standardPreviewFlagsShape,
  type PreviewFlags,
} from '../preview-shared/preview-flags.js';

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

/** Result of a route preview in Lite. */
export const routePreviewOutput = schemaOnFirstUse(() =>
  z.strictObject({
    ...previewFlagsShape(),
    request: z.string(),
    platform: z.enum(PREVIEW_PLATFORMS),
  }),
);

/** Result of a route preview in Standard: its own fixed flags (no Full CLI), the same fields. */
export const standardRoutePreviewOutput = schemaOnFirstUse(() =>
  z.strictObject({
    ...standardPreviewFlagsShape(),
    request: z.string(),
    platform: z.enum(PREVIEW_PLATFORMS),
  }),
);

/** What a route preview answers besides the profile's fixed flags. */
type RouteFields = { request: string; platform: (typeof PREVIEW_PLATFORMS)[number] };

/**
 * Previews how a request would be routed. A pure function: no profile runs agents, processes or
 * shells. In Lite (the default flags) the preview says execution needs the Full CLI, as SPEC
 * §6.4 fixes; Standard passes its own flags.
 */
export function previewRoute<P extends PreviewFlags = typeof previewFlags>(
  input: z.output<ReturnType<typeof routePreviewInput>>,
  flags: P = previewFlags as P,
): P & RouteFields {
  return previewWith(flags, { request: input.request, platform: input.platform });
}
