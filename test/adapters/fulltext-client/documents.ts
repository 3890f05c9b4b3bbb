import type { MockAgent } from 'undici';
import { DocumentBuilder } from '../../../src/adapters/fulltext-client/document-builder.js';
import { readJatsDocument, readLatexmlDocument } from '../../../src/adapters/fulltext-client/document-readers.js';
import type { FullTextDocument } from '../../../src/ports/fulltext-client.port.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { fulltextFixture } from '../../support/fulltext-sources.js';

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

/** Serves arXiv paper 2609.04321 on `agent`: its page from the fixture, and `record` as its OAI-PMH record (the fixture's by default). */
export function serveArxivPaper(agent: MockAgent, record = fulltextFixture('arxiv-oai-getrecord.xml')): void {
  agent
    .get('https://arxiv.org')
    .intercept({ path: '/html/2609.04321' })
    .reply(200, fulltextFixture('arxiv-html-2609.04321v1.html'), { headers: { 'content-type': 'text/html; charset=utf-8' } });
  agent
    .get('https://oaipmh.arxiv.org')
    .intercept({ path: '/oai?verb=GetRecord&identifier=oai%3AarXiv.org%3A2609.04321&metadataPrefix=arXiv' })
    .reply(200, record, { headers: { 'content-type': 'text/xml' } });
}
