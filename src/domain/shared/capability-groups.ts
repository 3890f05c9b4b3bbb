/**
 * Capability groups a `--capabilities` grant may name, and the public tools each grants
 * (docs/command-line.md). Absent grant = every group.
 */
export const CAPABILITY_GROUPS = {
  config: ['qiongli_config_status', 'qiongli_save_provider_config', 'qiongli_configure_provider', 'qiongli_open_config_wizard'],
  literature: ['qiongli_literature_status', 'qiongli_search_plan', 'qiongli_literature_search'],
  evidence: ['qiongli_literature_export_evidence'],
  zotero: ['qiongli_zotero_status', 'qiongli_zotero_export_import_files'],
  orchestration: ['qiongli_orchestrator_route', 'qiongli_task_plan'],
} as const;

/** One capability group name. */
export type CapabilityGroup = keyof typeof CAPABILITY_GROUPS;

/** Every group, in the order docs/command-line.md lists them. */
export const ALL_CAPABILITY_GROUPS = Object.keys(CAPABILITY_GROUPS) as CapabilityGroup[];

/** Whether a string names a capability group. */
export const isCapabilityGroup = (value: string): value is CapabilityGroup =>
  Object.prototype.hasOwnProperty.call(CAPABILITY_GROUPS, value);
