import { defineContract, type ToolContract } from '../tool-definition.js';
import type { LiteratureToolPorts } from './literature-tools.js';
import {
  literatureStatus,
  literatureStatusInput,
  literatureStatusMessagePrecedence,
  literatureStatusOutput,
} from '../../../domain/literature-status/literature-status.js';
import { planSearch, searchPlanInput, searchPlanMessagePrecedence, searchPlanOutput } from '../../../domain/search-plan/search-plan.js';
import { searchLiterature } from '../../../domain/literature-search/literature-search.js';
import { literatureSearchInput, literatureSearchMessagePrecedence } from '../../../domain/literature-search/literature-search-input.js';
import { literatureSearchOutput } from '../../../domain/literature-search/literature-search-output.js';

/** Contract of `qiongli_literature_status` (SPEC §6.4 #5). */
export const literatureStatusContract = (ports: LiteratureToolPorts): ToolContract =>
  defineContract({
    input: literatureStatusInput,
    output: literatureStatusOutput,
    messagePrecedence: literatureStatusMessagePrecedence,
    run: async () => literatureStatus(await ports.config.read(), ports.secrets.available),
  });

/** Contract of `qiongli_search_plan` (SPEC §6.4 #6). */
export const searchPlanContract = (ports: LiteratureToolPorts): ToolContract =>
  defineContract({
    input: searchPlanInput,
    output: searchPlanOutput,
    messagePrecedence: searchPlanMessagePrecedence,
    run: async (args) => planSearch(args, await ports.config.read(), ports.secrets.available),
  });

/** Contract of `qiongli_literature_search` (SPEC §6.4 #7, §7). */
export const literatureSearchContract = (ports: LiteratureToolPorts): ToolContract =>
  defineContract({
    input: literatureSearchInput,
    output: literatureSearchOutput,
    messagePrecedence: literatureSearchMessagePrecedence,
    run: (args, context) => searchLiterature(args, ports, context),
  });
