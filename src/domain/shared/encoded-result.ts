import type { RedactionRule } from './redaction.js';

/**
 * A tool result that its use case already encoded as compact JSON text, redacted with
 * `redaction`. The MCP adapter sends the text as it is instead of redacting and encoding the
 * result again: for a 2 MiB evidence snapshot that second pass was one long block of the event
 * loop (docs/provider-data.md).
 */
export class EncodedResult {
  constructor(
    /** The result object, as JSON text. */
    readonly json: string,
    /** The redaction rule already applied at every depth. */
    readonly redaction: RedactionRule,
    /**
     * `JSON.stringify(json)`, when the use case built it in slices: the result's text content
     * is this literal, and encoding a 2 MiB result at once blocked the loop (issue 19, row 6).
     */
    readonly jsonLiteral?: string,
  ) {}
}
