// The one file of the reference check that names the tool-failure module: after the renovation
// renames src/domain/shared/tool-outcome.ts to tool-failure.ts, only this import changes.
import type { SettingsRule } from '../../ports/config-source.port.js';
import { failure, type Result } from '../shared/result.js';
import { configUnavailableMessage } from '../shared/settings-rule-messages.js';
import { TOOL_ERRORS, type ToolFailure } from '../shared/tool-outcome.js';

export type { ToolFailure };

/** An invalid-arguments failure with a static message (never input). */
export const invalidArguments = (message: string): Result<never, ToolFailure> => failure({ kind: 'invalid_arguments', message });

/** The tool error `provider-runtime-unavailable`: the lookup client cannot be built. */
export const runtimeUnavailable = (): Result<never, ToolFailure> =>
  failure({ kind: 'tool_error', reasonCode: 'provider-runtime-unavailable', message: TOOL_ERRORS['provider-runtime-unavailable'] });

/** The tool error `native-config-unavailable` for settings that break `rule`. */
export const configUnavailable = (rule: SettingsRule): Result<never, ToolFailure> =>
  failure({ kind: 'tool_error', reasonCode: 'native-config-unavailable', message: configUnavailableMessage(rule) });
