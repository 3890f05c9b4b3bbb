import { TOOL_CATALOGUE, type CatalogueEntry } from './tool-catalogue.js';

/**
 * What the Standard profile says differently from Lite, tool by tool: the configuration tools
 * do something there, and their descriptions tell the model what to say to the person. Every
 * other entry (names, order, groups, annotations, use case tokens) is Lite's catalogue.
 */
const STANDARD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  qiongli_save_provider_config:
    "Save a provider's public setting: enabled (value true or false) for any provider, or the contact email of OpenAlex or Crossref. " +
    'API keys are never taken as tool arguments: for a key, call qiongli_configure_provider and give the person the setup page address it returns (an api_key answers use-setup-page and nothing is stored). ' +
    'Answers status saved or unchanged; the value is never logged or returned.',
  qiongli_configure_provider:
    'Open the Qiongli setup page: a small web page on this computer (127.0.0.1) where the person enables providers, sets contact emails and types API keys, so keys never pass through this chat. ' +
    'Call it whenever the person wants to add or change a provider key or email, and never ask for a key in the chat. ' +
    'Returns the page address (it works in one browser, until expires_at or a save) and message: exactly what to tell the person. Clients that can open links are asked to open the page.',
  qiongli_open_config_wizard:
    'The older name of qiongli_configure_provider: opens the Qiongli setup page on this computer, where the person types API keys and emails outside the chat. Same arguments and answers.',
};

/** The Standard profile's tool catalogue: Lite's entries, with Standard's descriptions where they differ. */
export const standardCatalogue = (): readonly CatalogueEntry[] =>
  TOOL_CATALOGUE.map((entry) => {
    const description = STANDARD_DESCRIPTIONS[entry.name];
    return description === undefined ? entry : { ...entry, description };
  });

/** The instructions Standard gives the model (`initialize`, `server/discover`). */
export const STANDARD_INSTRUCTIONS =
  'Qiongli is a literature toolkit for research assistants. Start with qiongli_literature_status to see which scholarly providers are ready, plan with qiongli_search_plan, search with qiongli_literature_search, keep an auditable record with qiongli_literature_export_evidence, and hand references to Zotero with qiongli_zotero_export_import_files. ' +
  'To add an API key or contact email, call qiongli_configure_provider and tell the person the setup page address it returns: keys are typed on that page, never in this chat. Route and task-plan tools only preview.';
