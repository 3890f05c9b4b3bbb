import { Parser } from 'htmlparser2';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { readXml, XmlReadError } from '../provider-http/index.js';
import type { DocumentBuilder } from './document-builder.js';
import { JatsDocumentEvents } from './jats-document.js';
import type { JatsMetadata } from './jats-metadata.js';
import { LatexmlEvents } from './latexml-events.js';

/** Deepest element nesting read in a full-text document (JATS with MathML reaches a few dozen). */
export const MAX_DOCUMENT_DEPTH = 256;

/** HTML characters handed to the parser per step. */
const HTML_CHARS_PER_STEP = 8 * 1024;

/** The banner LaTeXML leaves on a page whose conversion failed half-way: such a page is not the whole paper. */
const FATAL_CONVERSION = 'Conversion to HTML had a Fatal error';

/** Reads a JATS article into `builder`, stepwise; malformed XML, a DTD with an internal subset or too deep a nesting throws {@link XmlReadError}. */
export function* readJatsDocument(xml: string, builder: DocumentBuilder): Stepwise<JatsMetadata> {
  const events = new JatsDocumentEvents(builder);
  yield* readXml(xml, events, { doctype: 'external', maxDepth: MAX_DOCUMENT_DEPTH, textInPieces: true });
  return events.metadata.metadata;
}

/** What reading an arXiv page found besides its text. */
export interface LatexmlReading {
  /** The page holds a LaTeXML document (`ltx_document`). */
  readonly found: boolean;
  /** LaTeXML's fatal-error banner is on the page: the text is not the whole paper. */
  readonly failedConversion: boolean;
  /** The page's `License: …` line. */
  readonly licenceLine: string;
}

/**
 * Reads an arXiv HTML page into `builder` with htmlparser2, fed a few KiB per step so no step
 * blocks; nesting deeper than {@link MAX_DOCUMENT_DEPTH} stops the parser at once (its cost grows
 * with depth) and throws {@link XmlReadError} (the caller reports `decode_error`).
 */
export function* readLatexmlDocument(html: string, builder: DocumentBuilder): Stepwise<LatexmlReading> {
  let parser: Parser | undefined;
  const events = new LatexmlEvents(builder, MAX_DOCUMENT_DEPTH, () => parser?.pause());
  parser = new Parser(events, { decodeEntities: true });
  let failedConversion = false;
  for (let at = 0; at < html.length; at += HTML_CHARS_PER_STEP) {
    failedConversion ||= html.slice(Math.max(0, at - FATAL_CONVERSION.length), at + HTML_CHARS_PER_STEP).includes(FATAL_CONVERSION);
    parser.write(html.slice(at, at + HTML_CHARS_PER_STEP));
    if (events.tooDeep) throw new XmlReadError();
    yield;
  }
  parser.end();
  return { found: events.found, failedConversion, licenceLine: events.licenceLine };
}
