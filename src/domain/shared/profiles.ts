import { ALL_CAPABILITY_GROUPS, LITE_DEFAULT_GROUPS, type CapabilityGroup } from './capability-groups.js';

/**
 * The profiles this program composes (docs/command-line.md#profiles): Lite (the seed's: no
 * writes, no listener) and Standard (Lite plus the setup page). A profile is only a set of
 * bindings and default grants; no use case asks which one it runs in.
 */
const PROFILES = ['lite', 'standard'] as const;

/** One profile. */
export type Profile = (typeof PROFILES)[number];

/** The groups each profile grants when `--capabilities` is absent: Lite its frozen twelve tools, Standard every group. */
export const DEFAULT_GROUPS: Readonly<Record<Profile, readonly CapabilityGroup[]>> = {
  lite: LITE_DEFAULT_GROUPS,
  standard: ALL_CAPABILITY_GROUPS,
};
