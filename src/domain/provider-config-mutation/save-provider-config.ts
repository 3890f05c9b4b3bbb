import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { boundedString } from '../shared/string-checks.js';
import { capabilityUnavailable, type ToolFailure } from '../shared/tool-failure.js';
import type { Result } from '../shared/result.js';
import { FIELD_NAMES, isAllowedField, SAVE_PROVIDER_NAMES } from './provider-names.js';

/** Largest `value` accepted, in UTF-8 bytes: 64 KiB. */
const MAX_VALUE_BYTES = 64 * 1024;

/** Every static message of the save tool's checks, in the order they report (docs/tools.md#2-qiongli_save_provider_config). */
const M = {
  missingProvider: 'Missing provider',
  missingField: 'Missing field',
  missingValue: 'Missing value',
  blankValue: 'value must not be empty',
  valueTooLong: 'value exceeds the byte limit',
  unsupportedProvider: 'unsupported provider',
  unsupportedField: 'unsupported provider field',
} as const;

/**
 * The order in which the save tool's checks report, for `parseArguments`: an argument outside
 * the allow-list before all of them (as upstream does), then the messages in declaration order.
 */
export const saveProviderConfigMessagePrecedence: readonly string[] = [UNSUPPORTED_ARGUMENT, ...Object.values(M)];

const names = <T extends string>(values: Record<T, unknown>) => Object.keys(values) as [T, ...T[]];

/** How a profile's save tool describes its `provider`, `field` and `value` to the model. */
export interface SaveArgumentTexts {
  readonly provider: string;
  readonly field: string;
  readonly value: string;
}

/** The save tool's schema over a profile's provider and field names, with its rule for which provider has which field. */
export function saveArgumentsSchema<P extends string, F extends string>(
  providers: Record<P, unknown>,
  fields: Record<F, unknown>,
  texts: SaveArgumentTexts,
  allowed: (provider: P, field: F) => boolean,
) {
  return z
    .strictObject(
      {
        provider: z
          .enum(names<P>(providers), {
            error: (issue) => (typeof issue.input === 'string' ? M.unsupportedProvider : M.missingProvider),
          })
          .describe(texts.provider),
        field: z
          .enum(names<F>(fields), {
            error: (issue) => (typeof issue.input === 'string' ? M.unsupportedField : M.missingField),
          })
          .describe(texts.field),
        value: boundedString(
          { max: MAX_VALUE_BYTES, unit: 'bytes', nonBlank: true },
          { missing: M.missingValue, type: M.missingValue, blank: M.blankValue, tooLong: M.valueTooLong },
        ).describe(texts.value),
      },
      { error: UNSUPPORTED_ARGUMENT },
    )
    .refine((args) => allowed(args.provider, args.field), { error: M.unsupportedField });
}

/**
 * Arguments of `qiongli_save_provider_config` (docs/tools.md#2-qiongli_save_provider_config). A value of the wrong type counts as
 * missing (as upstream). The provider/field pair is checked last, only once both are known.
 */
export const saveProviderConfigInput = schemaOnFirstUse(() =>
  saveArgumentsSchema(
    SAVE_PROVIDER_NAMES,
    FIELD_NAMES,
    {
      provider: 'The provider to configure.',
      field: 'The setting to store: api_key (OpenAlex, Semantic Scholar, PubMed) or email (OpenAlex, Crossref).',
      value: 'The value to store (at most 64 KiB). Lite never stores, logs or returns it.',
    },
    isAllowedField,
  ),
);

/** Validated arguments of the save tool. */
export type SaveProviderConfigArguments = z.output<ReturnType<typeof saveProviderConfigInput>>;

/**
 * What a successful save would return. Lite never saves, so no call ever produces it; the schema
 * exists because every tool declares an output schema.
 */
export const saveProviderConfigOutput = schemaOnFirstUse(() =>
  z.strictObject({}).describe('Never produced in Lite: every valid call answers the tool error capability-unavailable.'),
);

/**
 * The `qiongli_save_provider_config` use case. Lite cannot write provider configuration, so a
 * valid call always fails with `capability-unavailable` (the save message). Nothing is written,
 * and the value is never read, kept or returned.
 */
export function saveProviderConfig(_args: SaveProviderConfigArguments): Result<never, ToolFailure> {
  return capabilityUnavailable('save');
}
