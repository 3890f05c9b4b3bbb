import { Container, ContainerModule } from 'inversify';
import { ToolRegistry } from '../adapters/mcp/tool-registry.js';
import { ALL_CAPABILITY_GROUPS, type CapabilityGroup } from '../domain/shared/capability-groups.js';
import { GrantsId, ServerIdentityId, ToolDefinitionsId, ToolRegistryId } from './identifiers.js';
import { LITE_IDENTITY } from './server-identity.js';
import { liteTools } from './lite-tools.js';

/** Profiles this program can compose. Only Lite exists (SPEC §9: no Full profile). */
export type Profile = 'lite';

/** What an embedding program or a test may replace when composing. */
export interface ContainerOverrides {
  /** Capability groups to serve (default: all). */
  readonly grants?: ReadonlySet<CapabilityGroup>;
}

/** The Lite profile's bindings. */
export const liteModule = (overrides: ContainerOverrides): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(GrantsId).toConstantValue(overrides.grants ?? new Set(ALL_CAPABILITY_GROUPS));
    bind(ServerIdentityId).toConstantValue(LITE_IDENTITY);
    bind(ToolDefinitionsId).toResolvedValue(() => liteTools({})).inSingletonScope();
    bind(ToolRegistryId)
      .toResolvedValue((definitions, grants) => new ToolRegistry(definitions, grants), [ToolDefinitionsId, GrantsId])
      .inSingletonScope();
  });

/**
 * Composes a profile. A fresh container per call, so tests and embedders never share
 * singletons. Overrides replace adapters without touching endpoints or the domain.
 */
export function createContainer(profile: Profile, overrides: ContainerOverrides = {}): Container {
  if (profile !== 'lite') throw new Error('unsupported profile');
  const container = new Container();
  container.load(liteModule(overrides));
  return container;
}
