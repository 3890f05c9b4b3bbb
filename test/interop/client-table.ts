/**
 * The clients the interop suite drives, one row each. A row names the npm package it loads and
 * the connections (protocol revisions) it opens; its adapter in `clients/` does the rest. To add
 * a client (for instance a newer major installed under an npm alias), write an adapter that
 * returns an `InteropClient` and add it here.
 */
import type { InteropClient } from './interop-session.js';
import { OFFICIAL_V2 } from './clients/official-v2.js';
import { SDK_V1 } from './clients/sdk-v1.js';
import { AI_SDK } from './clients/ai-sdk.js';
import { LANGCHAIN } from './clients/langchain.js';
import { MASTRA } from './clients/mastra.js';
import { INSPECTOR_CLI_V1 } from './clients/inspector-cli.js';

export const INTEROP_CLIENTS: readonly InteropClient[] = [OFFICIAL_V2, SDK_V1, AI_SDK, LANGCHAIN, MASTRA, INSPECTOR_CLI_V1];
