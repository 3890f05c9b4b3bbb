import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import { zoteroStatus, zoteroStatusInput, zoteroStatusOutput } from '../../../domain/zotero-status/zotero-status.js';
import { success } from '../../../domain/shared/result.js';

/** Lite's fixed Zotero status (docs/tools.md#9-qiongli_zotero_status); no probe, no socket. */
export const zoteroStatusUseCase: UseCase = defineUseCase({
  get input() {
    return zoteroStatusInput();
  },
  get output() {
    return zoteroStatusOutput();
  },
  execute: () => success(zoteroStatus()),
});
