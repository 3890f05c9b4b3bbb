import type { ServerIdentity } from '../adapters/mcp/server-identity.js';
import { VERSION } from './version.js';

/** Qiongli Lite's identity on the wire (docs/command-line.md: `serverInfo` is `{name: "qiongli", version}`). */
export const LITE_IDENTITY: ServerIdentity = {
  name: 'qiongli',
  version: VERSION,
  title: 'Qiongli Lite',
  instructions:
    'Qiongli Lite is a literature toolkit for research assistants. Start with qiongli_literature_status to see which scholarly providers are ready, plan with qiongli_search_plan, search with qiongli_literature_search, keep an auditable record with qiongli_literature_export_evidence, and hand references to Zotero with qiongli_zotero_export_import_files. Route and task-plan tools only preview: Lite never runs agents, shells or project writes.',
};
