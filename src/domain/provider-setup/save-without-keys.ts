import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { capabilityUnavailable, toolError, type Outcome } from '../shared/tool-outcome.js';
import { FIELD_NAMES } from '../provider-config-mutation/provider-names.js';
import type { SaveProviderConfigArguments } from '../provider-config-mutation/save-provider-config.js';

/**
 * What the Standard save tool would return once it saves public settings. No call produces it
 * yet: the settings writer is not part of this build.
 */
export const saveWithoutKeysOutput = schemaOnFirstUse(() =>
  z
    .strictObject({})
    .describe('Not produced yet: an api_key answers use-setup-page, an email answers capability-unavailable (settings are saved on the setup page).'),
);

/**
 * The `qiongli_save_provider_config` use case of Standard (docs/tools.md#2-qiongli_save_provider_config):
 * the same checks as Lite's; an API key is refused with `use-setup-page` (a key in a tool
 * argument passes through the model and the host's logs: it is typed on the setup page), other
 * fields answer `capability-unavailable` until the settings writer arrives. Nothing is stored,
 * and the value is never read, kept or returned.
 */
export function saveWithoutKeys(args: SaveProviderConfigArguments): Outcome<never> {
  return FIELD_NAMES[args.field] === 'api_key' ? toolError('use-setup-page') : capabilityUnavailable('save');
}
