import { InMemoryHeldResources } from '../../../src/adapters/held-resources/index.js';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import type { DeliveryPorts } from '../../../src/domain/shared/file-delivery.js';

/** The ports of file delivery as the composition root binds them, each with its own clock (`now`). */
export const deliveryPorts = (now: () => number = Date.now, tool = 'qiongli_zotero_export_import_files'): DeliveryPorts & { held: InMemoryHeldResources } => ({
  held: new InMemoryHeldResources(now),
  tokens: new AesGcmSealedTokens(now),
  tool,
});
