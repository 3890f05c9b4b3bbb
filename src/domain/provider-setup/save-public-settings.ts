import * as z from 'zod';
import { PROVIDER_IDS, SOURCE_IDS, type ProviderId } from '../../ports/config-source.port.js';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { configUnavailable, invalidArguments, toolError, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { isContactEmail } from '../provider-config-mutation/change-input-checks.js';
import { setEmail, setEnabled } from '../provider-config-mutation/change-settings.js';
import { SOURCE_TARGET_NAMES, FIELD_NAMES } from '../provider-config-mutation/provider-names.js';
import { hasSetting } from '../shared/provider-catalogue.js';
import { saveArgumentsSchema } from '../provider-config-mutation/save-provider-config.js';
import type { SettingsChangeOutcome } from '../provider-config-mutation/settings-change-outcome.js';
import type { SettingsChangePorts } from '../provider-config-mutation/settings-change-ports.js';

/** Field names Standard's save tool accepts: Lite's, plus `enabled`. */
const STANDARD_FIELD_NAMES = { ...FIELD_NAMES, enabled: 'enabled' } as const;
type StandardFieldName = keyof typeof STANDARD_FIELD_NAMES;

/**
 * Names Standard's save tool accepts: every source with a settings entry, as `qiongli config`
 * names them (Lite's names and aliases, plus arXiv and the keyless sources OpenCitations and
 * Europe PMC, which only `enabled` applies to; issue 25, row 6).
 */
type StandardTargetName = keyof typeof SOURCE_TARGET_NAMES;
const isProvider = (target: string): target is ProviderId => (PROVIDER_IDS as readonly string[]).includes(target);

/** Whether `field` may be saved for the target named `name`: `enabled` for every one, a key or an email where the provider has one. */
const isSavable = (name: StandardTargetName, field: StandardFieldName): boolean => {
  const target = SOURCE_TARGET_NAMES[name];
  const setting = STANDARD_FIELD_NAMES[field];
  return setting === 'enabled' || (isProvider(target) && hasSetting(target, setting));
};

const M = {
  enabledValue: 'enabled must be true or false',
  emailValue: 'email must be a contact email address',
} as const;

/** Arguments of Standard's `qiongli_save_provider_config`: Lite's checks, and `enabled` for every provider and source. */
export const savePublicSettingsInput = schemaOnFirstUse(() =>
  saveArgumentsSchema(
    SOURCE_TARGET_NAMES,
    STANDARD_FIELD_NAMES,
    {
      provider: 'The provider or source to configure: a search provider, or the keyless sources opencitations and europepmc.',
      field:
        'The setting to save: enabled (every provider and source; value true or false) or email (OpenAlex, Crossref). api_key is refused: keys are typed on the setup page (qiongli_configure_provider).',
      value: 'The value to save: true or false for enabled, a contact address for email. It is never logged or returned.',
    },
    isSavable,
  ),
);

/** Validated arguments of Standard's save tool. */
export type SavePublicSettingsArguments = z.output<ReturnType<typeof savePublicSettingsInput>>;

/** Result of Standard's save tool (docs/tools.md#in-the-standard-profile): never the value. */
export const savePublicSettingsOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.enum(['saved', 'unchanged']).describe('saved: the settings now hold the value; unchanged: they held it already.'),
    provider: z.enum([...PROVIDER_IDS, ...SOURCE_IDS]).describe('The provider or source, by its canonical id.'),
    field: z.enum(['enabled', 'email']).describe('The setting saved.'),
  }),
);

/** A successful save. */
export type SavePublicSettingsResult = z.output<ReturnType<typeof savePublicSettingsOutput>>;

/** The tool answer of a change's outcome. */
function answerOf(outcome: SettingsChangeOutcome, saved: Omit<SavePublicSettingsResult, 'status'>): Result<SavePublicSettingsResult, ToolFailure> {
  if (outcome.status !== 'refused') return success({ status: outcome.status, ...saved });
  if (outcome.refusal === 'settings-unavailable' && outcome.rule !== undefined) return configUnavailable(outcome.rule);
  if (outcome.refusal === 'conflict' || outcome.refusal === 'busy') return toolError('settings-changed');
  return toolError('settings-write-failed');
}

/**
 * The `qiongli_save_provider_config` use case of Standard (docs/tools.md#in-the-standard-profile):
 * saves the public settings `enabled` (of every provider and source with a settings entry) and
 * `email` through {@link setEnabled} and
 * {@link setEmail} (an atomic write, revision + 1, refused when the settings changed meanwhile).
 * An API key is refused with `use-setup-page` before anything is read or written: a key in a
 * tool argument passes through the model and the host's logs, so keys are typed on the setup
 * page. The value is never returned, logged or kept anywhere but the settings.
 */
export async function savePublicSettings(
  ports: Pick<SettingsChangePorts, 'settings'>,
  args: SavePublicSettingsArguments,
): Promise<Result<SavePublicSettingsResult, ToolFailure>> {
  const field = STANDARD_FIELD_NAMES[args.field];
  if (field === 'api_key') return toolError('use-setup-page');
  const target = SOURCE_TARGET_NAMES[args.provider];
  if (field === 'enabled') {
    if (args.value !== 'true' && args.value !== 'false') return invalidArguments(M.enabledValue);
    return answerOf(await setEnabled(ports, target, args.value === 'true'), { provider: target, field });
  }
  if (!isContactEmail(args.value)) return invalidArguments(M.emailValue);
  // The schema lets email through for OpenAlex and Crossref only.
  return answerOf(await setEmail(ports, target as ProviderId, args.value), { provider: target, field });
}
