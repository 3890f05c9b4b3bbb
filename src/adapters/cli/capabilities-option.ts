import { ALL_CAPABILITY_GROUPS, LITE_DEFAULT_GROUPS, isCapabilityGroup, type CapabilityGroup } from '../../domain/shared/capability-groups.js';
import { DEFAULT_GROUPS, type Profile } from '../../domain/shared/profiles.js';
import { USAGE_MESSAGES, type UsageMessage } from './usage-messages.js';
import { failure, success, type Result } from '../../domain/shared/result.js';

/** The groups Lite grants when `--capabilities` is absent: all but the opt-in `graph`, `fulltext` and `verify` (docs/command-line.md). */
export const liteDefaultGrants = (): ReadonlySet<CapabilityGroup> => new Set(LITE_DEFAULT_GROUPS);

/** The groups a profile grants when `--capabilities` is absent: Lite's above, every group in Standard. */
export const defaultGrantsOf = (profile: Profile): ReadonlySet<CapabilityGroup> => new Set(DEFAULT_GROUPS[profile]);

/**
 * Parses the value of `--capabilities` (docs/command-line.md): comma-separated group names, matched
 * exactly (no trimming, no case folding). Returns the granted groups in SPEC order, or the
 * static message of why the value is bad.
 *
 * Failures, checked in this order: an empty value (`--capabilities=` or
 * `--capabilities ""`) is an empty list; `a,,b`, a leading or trailing comma is an empty
 * item; a name that is not a group is an unknown group; a name given twice is a repeated
 * group. The first failing item decides; messages are static.
 */
export function parseCapabilities(value: string): Result<ReadonlySet<CapabilityGroup>, UsageMessage> {
  if (value === '') return failure(USAGE_MESSAGES.emptyCapabilityList);
  const named = new Set<CapabilityGroup>();
  for (const item of value.split(',')) {
    if (item === '') return failure(USAGE_MESSAGES.emptyCapabilityItem);
    if (!isCapabilityGroup(item)) return failure(USAGE_MESSAGES.unknownCapabilityGroup);
    if (named.has(item)) return failure(USAGE_MESSAGES.repeatedCapabilityGroup);
    named.add(item);
  }
  return success(new Set(ALL_CAPABILITY_GROUPS.filter((group) => named.has(group))));
}
