import type { Container } from 'inversify';
import { LITE_DEFAULT_GROUPS, type CapabilityGroup } from '../domain/shared/capability-groups.js';
import { createContainer, type Profile } from './create-container.js';
import { ServerIdentityId, ToolRegistryId } from './identifiers.js';

/** A container built and resolved ahead of time for the default command line, used once. */
let prebuilt: Container | undefined;

const grantsLiteDefault = (grants: ReadonlySet<CapabilityGroup>): boolean =>
  grants.size === LITE_DEFAULT_GROUPS.length && LITE_DEFAULT_GROUPS.every((group) => grants.has(group));

/**
 * Builds the container `qiongli mcp serve --profile lite` serves with (its default groups granted) and
 * resolves what serving reads first (the tool registry, with every use case, and the server
 * identity) and encodes the tool list of every revision. The single executable calls it while
 * its start-up snapshot is built, so a start restores a ready container instead of composing
 * one (docs/runtime.md). Nothing it resolves
 * reads the environment, a file or the network: the settings source and the provider client are
 * built on first use.
 */
export function prebuildServingContainer(): void {
  const container = createContainer('lite');
  container.get(ToolRegistryId).encodeEveryRevision();
  container.get(ServerIdentityId);
  prebuilt = container;
}

/**
 * The container to serve with: the prebuilt one (once) when the command line grants Lite's
 * default groups, a fresh one otherwise.
 */
export function servingContainer(profile: Profile, grants: ReadonlySet<CapabilityGroup>): Container {
  const ready = prebuilt;
  prebuilt = undefined;
  if (ready !== undefined && profile === 'lite' && grantsLiteDefault(grants)) return ready;
  return createContainer(profile, { grants });
}
