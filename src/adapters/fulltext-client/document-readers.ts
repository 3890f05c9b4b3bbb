import { Parser } from 'htmlparser2';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { piecesOf, type TextPieces } from '../provider-http/body-text.js';
import { readXml } from '../provider-http/xml-reader.js';
import { XmlReadError } from '../provider-http/xml-events.js';
import type { DocumentBuilder } from './document-builder.js';
import { JatsDocumentEvents } from './jats-document.js';
import type { JatsMetadata } from './jats-metadata.js';
import { LatexmlEvents } from './latexml-events.js';

/** Deepest element nesting read in a full-text document (JATS with MathML reaches a few dozen). */
const MAX_DOCUMENT_DEPTH = 256;

/** HTML characters handed to the parser per step. */
const HTML_CHARS_PER_STEP = 8 * 1024;

/** The banner LaTeXML leaves on a page whose conversion failed half-way: such a page is not the whole paper. */
const FATAL_CONVERSION = 'Conversion to HTML had a Fatal error';

/** Reads a JATS article into `builder`, stepwise; malformed XML, a DTD with an internal subset or too deep a nesting throws {@link XmlReadError}. */
export function* readJatsDocument(xml: string | TextPieces, builder: DocumentBuilder): Stepwise<JatsMetadata> {
  const events = new JatsDocumentEvents(builder);
  yield* readXml(xml, events, { doctype: 'external', maxDepth: MAX_DOCUMENT_DEPTH });
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
export function* readLatexmlDocument(html: string | TextPieces, builder: DocumentBuilder): Stepwise<LatexmlReading> {
  let parser: Parser | undefined;
  const events = new LatexmlEvents(builder, MAX_DOCUMENT_DEPTH, () => parser?.pause());
  parser = new Parser(events, { decodeEntities: true });
  let failedConversion = false;
  let before = ''; // the end of the text fed last, so the banner is found across two steps
  for (const piece of piecesOf(html)) {
    for (let at = 0; at < piece.length; at += HTML_CHARS_PER_STEP) {
      const fed = piece.slice(at, at + HTML_CHARS_PER_STEP);
      failedConversion ||= (before + fed).includes(FATAL_CONVERSION);
      before = fed.slice(-FATAL_CONVERSION.length);
      parser.write(fed);
      if (events.tooDeep) throw new XmlReadError();
      yield;
    }
  }
  parser.end();
  return { found: events.found, failedConversion, licenceLine: events.licenceLine };
}
