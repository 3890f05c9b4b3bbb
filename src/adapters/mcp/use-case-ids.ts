import type { ServiceIdentifier } from 'inversify';
import type { UseCase } from '../../domain/shared/use-case.js';

/** The service identifier of one use case; the composition root binds each over port tokens. */
export type UseCaseToken = ServiceIdentifier<UseCase>;

const token = (name: string): UseCaseToken => Symbol.for(`qiongli.UseCase.${name}`);

/**
 * Every use case a public tool can run. A catalogue entry names one of these; two tools may
 * share one (the wizard alias).
 */
export const UseCaseId = {
  configStatus: token('configStatus'),
  saveProviderConfig: token('saveProviderConfig'),
  configureProvider: token('configureProvider'),
  literatureStatus: token('literatureStatus'),
  searchPlan: token('searchPlan'),
  literatureSearch: token('literatureSearch'),
  exportEvidence: token('exportEvidence'),
  zoteroStatus: token('zoteroStatus'),
  zoteroExport: token('zoteroExport'),
  routePreview: token('routePreview'),
  taskPlan: token('taskPlan'),
  literatureReferences: token('literatureReferences'),
  literatureCitations: token('literatureCitations'),
  readFullText: token('readFullText'),
} as const;
