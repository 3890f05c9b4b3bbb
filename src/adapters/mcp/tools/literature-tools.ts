import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import type { ConfigSource } from '../../../ports/config-source.port.js';
import type { SecretStore } from '../../../ports/secret-store.port.js';
import type { ProviderClient } from '../../../ports/provider-client.port.js';
import {
  literatureStatus,
  literatureStatusInput,
  literatureStatusMessagePrecedence,
  literatureStatusOutput,
} from '../../../domain/literature-status/literature-status.js';
import { planSearch, searchPlanInput, searchPlanMessagePrecedence, searchPlanOutput } from '../../../domain/search-plan/search-plan.js';
import { searchLiterature } from '../../../domain/literature-search/literature-search.js';
import { runInSlices } from '../../scheduling/time-slices.js';
import { literatureSearchInput, literatureSearchMessagePrecedence } from '../../../domain/literature-search/literature-search-input.js';
import { literatureSearchOutput } from '../../../domain/literature-search/literature-search-output.js';

/** Ports the literature use cases use. */
export interface LiteratureToolPorts {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
  /** Searched only when a search attempts a provider (the composition root's client loads the HTTP adapter then). */
  readonly providers: ProviderClient;
}

/** Literature provider status (docs/tools.md#5-qiongli_literature_status). */
export const literatureStatusUseCase = (ports: LiteratureToolPorts): UseCase =>
  defineUseCase({
    get input() {
      return literatureStatusInput();
    },
    get output() {
      return literatureStatusOutput();
    },
    messagePrecedence: literatureStatusMessagePrecedence,
    execute: async () => literatureStatus(await ports.config.read(), ports.secrets),
  });

/** A search plan (docs/tools.md#6-qiongli_search_plan): plans, never searches. */
export const searchPlanUseCase = (ports: LiteratureToolPorts): UseCase =>
  defineUseCase({
    get input() {
      return searchPlanInput();
    },
    get output() {
      return searchPlanOutput();
    },
    messagePrecedence: searchPlanMessagePrecedence,
    execute: async (args) => planSearch(args, await ports.config.read(), ports.secrets.available),
  });

/** A literature search (docs/tools.md#7-qiongli_literature_search, docs/providers.md): the only use case that opens network connections. */
export const literatureSearchUseCase = (ports: LiteratureToolPorts): UseCase =>
  defineUseCase({
    get input() {
      return literatureSearchInput();
    },
    get output() {
      return literatureSearchOutput();
    },
    messagePrecedence: literatureSearchMessagePrecedence,
    // The merge of up to 1000 records runs in time slices (docs/provider-data.md).
    execute: (args, context) => searchLiterature(args, { ...ports, pace: runInSlices }, context),
  });
