import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import type { ConfigSource } from '../../../ports/config-source.port.js';
import type { FullTextClient } from '../../../ports/fulltext-client.port.js';
import type { SealedTokens } from '../../../ports/sealed-tokens.port.js';
import type { SecretStore } from '../../../ports/secret-store.port.js';
import { readFullText } from '../../../domain/fulltext/read-fulltext.js';
import { readFullTextInput, readFullTextMessagePrecedence } from '../../../domain/fulltext/fulltext-input.js';
import { readFullTextOutput } from '../../../domain/fulltext/fulltext-output.js';
import { runInSlices } from '../../scheduling/time-slices.js';
import { sha256Hex } from '../../fulltext-client/text-digest.js';

/** Ports the full-text reader uses. */
export interface FullTextToolPorts {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
  /** Asked only when a source can serve the work (the composition root's client loads the HTTP adapter then). */
  readonly fullText: FullTextClient;
  /** Seals and opens the page cursors. */
  readonly tokens: SealedTokens;
}

/**
 * Reading an open-access paper (docs/tools.md#qiongli_literature_read_fulltext): passage ids
 * hash with SHA-256, and the page is built in time slices (docs/provider-data.md).
 */
export const readFullTextUseCase = (ports: FullTextToolPorts): UseCase =>
  defineUseCase({
    get input() {
      return readFullTextInput();
    },
    get output() {
      return readFullTextOutput();
    },
    messagePrecedence: readFullTextMessagePrecedence,
    execute: (args, context) => readFullText(args, { ...ports, digest: sha256Hex, pace: runInSlices }, context),
  });
