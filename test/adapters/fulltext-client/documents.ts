import { DocumentBuilder } from '../../../src/adapters/fulltext-client/document-builder.js';
import { readJatsDocument, readLatexmlDocument } from '../../../src/adapters/fulltext-client/document-readers.js';
import type { FullTextDocument } from '../../../src/ports/fulltext-client.port.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';

const SOURCE = { provider: 'europepmc', url: 'https://example.invalid/', sha256: '0'.repeat(64), bytes: 0, licence: 'unknown' } as const;

/** A JATS text read at once: the document and the metadata. */
export function jats(xml: string) {
  const builder = new DocumentBuilder();
  const metadata = finishNow(readJatsDocument(xml, builder));
  return { document: builder.build(SOURCE), metadata };
}

/** An arXiv page read at once: the document and what else the reader found. */
export function latexml(html: string) {
  const builder = new DocumentBuilder();
  const reading = finishNow(readLatexmlDocument(html, builder));
  return { document: builder.build(SOURCE), reading };
}

/** The passages of a document as `section :: text` lines. */
export const lines = (document: FullTextDocument): string[] => document.blocks.map((block) => `${document.sections[block.section]!.id} :: ${block.text}`);
