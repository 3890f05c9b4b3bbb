import {
  literatureStatus,
  literatureStatusInput,
  literatureStatusMessagePrecedence,
  literatureStatusOutput,
} from '../domain/literature-status/literature-status.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { SecretStoreId } from '../ports/secret-store.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/** `qiongli_literature_status` (docs/tools.md#5-qiongli_literature_status): which providers a search would use; no network. */
export const literatureStatusTool = toolSlice({
  entry: {
    name: 'qiongli_literature_status',
    title: 'Literature provider status',
    description: 'Call first: which providers qiongli_literature_search will ask, what each can do, which settings are missing. No network.',
    group: 'literature',
  },
  instruction: { step: 'start with qiongli_literature_status to see which scholarly providers are ready' },
  useCase: useCaseRecipe('literatureStatus', [ConfigSourceId, SecretStoreId], (config, secrets) =>
    defineUseCase({
      input: literatureStatusInput,
      output: literatureStatusOutput,
      messagePrecedence: literatureStatusMessagePrecedence,
      execute: async () => literatureStatus(await config.read(), secrets),
    }),
  ),
});
