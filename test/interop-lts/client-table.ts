/**
 * The client majors that need Node 22 or later, one row each, installed in this folder with its
 * own lockfile and driven only by the run on the pinned Node LTS (`npm run test:pinned`). The
 * rows go through the same checks as those of `../interop/client-table.ts`.
 */
import type { InteropClient } from '../interop/interop-session.js';
import { AI_SDK_V2 } from './ai-sdk-v2.js';
import { MASTRA_V2 } from './mastra-v2.js';
import { INSPECTOR_V2 } from './inspector-v2.js';

export const LTS_INTEROP_CLIENTS: readonly InteropClient[] = [AI_SDK_V2, MASTRA_V2, INSPECTOR_V2];
