import { ContainerModule } from 'inversify';
import { UseCaseId } from '../adapters/mcp/use-case-ids.js';
import { configStatusUseCase, configureProviderUseCase, saveProviderConfigUseCase } from '../adapters/mcp/tools/config-tools.js';
import { literatureSearchUseCase, literatureStatusUseCase, searchPlanUseCase } from '../adapters/mcp/tools/literature-tools.js';
import { exportEvidenceUseCase, zoteroExportUseCase } from '../adapters/mcp/tools/export-tools.js';
import { zoteroStatusUseCase } from '../adapters/mcp/tools/zotero-status-tool.js';
import { routePreviewUseCase, taskPlanUseCase } from '../adapters/mcp/tools/orchestration-tools.js';
import { ConfigSourceId, type ConfigSource } from '../ports/config-source.port.js';
import { SecretStoreId, type SecretStore } from '../ports/secret-store.port.js';
import { ProviderClientId, type ProviderClient } from '../ports/provider-client.port.js';
import { citationGraphUseCase } from '../adapters/mcp/tools/graph-tools.js';
import { CitationGraphClientId, type CitationGraphClient } from '../ports/citation-graph.port.js';
import { SealedTokensId, type SealedTokens } from '../ports/sealed-tokens.port.js';
import { FullTextClientId, type FullTextClient } from '../ports/fulltext-client.port.js';
import { readFullTextUseCase } from '../adapters/mcp/tools/fulltext-tool.js';

/**
 * Every use case of the Lite profile, bound under its {@link UseCaseId} over the port tokens it
 * needs. A test (or an embedder) resolves one with `container.get(UseCaseId.searchPlan)`, or
 * replaces one with `container.rebind(...)` before the tool definitions are first resolved.
 */
export const liteUseCases = new ContainerModule(({ bind }) => {
  bind(UseCaseId.configStatus)
    .toResolvedValue((config: ConfigSource, secrets: SecretStore) => configStatusUseCase(config, secrets), [ConfigSourceId, SecretStoreId])
    .inSingletonScope();
  bind(UseCaseId.saveProviderConfig).toConstantValue(saveProviderConfigUseCase);
  bind(UseCaseId.configureProvider).toConstantValue(configureProviderUseCase);
  const literature: [typeof ConfigSourceId, typeof SecretStoreId, typeof ProviderClientId] = [ConfigSourceId, SecretStoreId, ProviderClientId];
  const literaturePorts = (config: ConfigSource, secrets: SecretStore, providers: ProviderClient) => ({ config, secrets, providers });
  bind(UseCaseId.literatureStatus)
    .toResolvedValue((...ports: Parameters<typeof literaturePorts>) => literatureStatusUseCase(literaturePorts(...ports)), literature)
    .inSingletonScope();
  bind(UseCaseId.searchPlan)
    .toResolvedValue((...ports: Parameters<typeof literaturePorts>) => searchPlanUseCase(literaturePorts(...ports)), literature)
    .inSingletonScope();
  bind(UseCaseId.literatureSearch)
    .toResolvedValue((...ports: Parameters<typeof literaturePorts>) => literatureSearchUseCase(literaturePorts(...ports)), literature)
    .inSingletonScope();
  bind(UseCaseId.exportEvidence).toConstantValue(exportEvidenceUseCase);
  bind(UseCaseId.zoteroStatus).toConstantValue(zoteroStatusUseCase);
  bind(UseCaseId.zoteroExport).toConstantValue(zoteroExportUseCase);
  bind(UseCaseId.routePreview).toConstantValue(routePreviewUseCase);
  bind(UseCaseId.taskPlan).toConstantValue(taskPlanUseCase);
  const graph: [typeof ConfigSourceId, typeof SecretStoreId, typeof CitationGraphClientId, typeof SealedTokensId] = [
    ConfigSourceId,
    SecretStoreId,
    CitationGraphClientId,
    SealedTokensId,
  ];
  const graphPorts = (config: ConfigSource, secrets: SecretStore, client: CitationGraphClient, tokens: SealedTokens) => ({
    config,
    secrets,
    graph: client,
    tokens,
  });
  bind(UseCaseId.literatureReferences)
    .toResolvedValue((...ports: Parameters<typeof graphPorts>) => citationGraphUseCase('references', graphPorts(...ports)), graph)
    .inSingletonScope();
  bind(UseCaseId.literatureCitations)
    .toResolvedValue((...ports: Parameters<typeof graphPorts>) => citationGraphUseCase('citations', graphPorts(...ports)), graph)
    .inSingletonScope();
  bind(UseCaseId.readFullText)
    .toResolvedValue(
      (config: ConfigSource, secrets: SecretStore, fullText: FullTextClient, tokens: SealedTokens) =>
        readFullTextUseCase({ config, secrets, fullText, tokens }),
      [ConfigSourceId, SecretStoreId, FullTextClientId, SealedTokensId],
    )
    .inSingletonScope();
});
