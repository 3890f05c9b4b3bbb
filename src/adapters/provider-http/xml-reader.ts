import { SaxesParser } from 'saxes';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { MAX_ATTRIBUTE_CHARS, MAX_TEXT_PIECE, XmlReadError, type XmlEvents, type XmlReadOptions } from './xml-events.js';

export { MAX_ATTRIBUTE_CHARS, MAX_TEXT_PIECE, type XmlEvents, type XmlReadOptions } from './xml-events.js';

/** Deepest element nesting accepted; an Atom feed is 4 levels deep. */
export const MAX_XML_DEPTH = 64;

/** Most attributes one element may carry; Atom elements carry at most a handful. */
export const MAX_XML_ATTRIBUTES = 256;

/** Characters handed to the parser per step: a few ms of CPU each, 10–14 ms on the hostile inputs of bench/XML-READER.md. */
const CHARS_PER_STEP = 8 * 1024;

/** Events handed on between two pauses. */
const EVENTS_PER_STEP = 256;

/** Longest document type declaration accepted, in characters (JATS ones are about 150). */
const MAX_DOCTYPE_CHARS = 1024;

/** saxes without namespace processing (names are read by their local part) and without position tracking. */
type PlainOptions = { readonly position: false; readonly xmlns: false };

/** What the parser reported, waiting to be handed on a few at a time. */
type Reported = { readonly open: string; readonly attributes?: ReadonlyMap<string, string> } | { readonly close: string } | { readonly text: string };

/** `prefix:local` → `local` (documents are read by local names). */
const localName = (name: string): string => name.slice(name.lastIndexOf(':') + 1);

/** Whether a document type declaration names only an external DTD: no internal subset (`[` outside quotes), not too long. */
function isExternalOnly(declaration: string): boolean {
  if (declaration.length > MAX_DOCTYPE_CHARS) return false;
  let quote = '';
  for (const char of declaration) {
    if (quote !== '') quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '[') return false;
  }
  return true;
}

/**
 * Reads an XML document with saxes, fed {@link CHARS_PER_STEP} characters per step, and reports
 * its elements and text to `events` (elements by local name; text in pieces of at most
 * {@link MAX_TEXT_PIECE} characters, references decoded, CDATA as is; the `events.attributes`
 * asked for, each cut at {@link MAX_ATTRIBUTE_CHARS}), a few hundred per step. `body` is the
 * document's text, whole or in pieces (a body as the HTTP layer decoded it).
 *
 * Refuses (throws {@link XmlReadError}, a static message) anything not well-formed and anything
 * that could make a parser expand text: any document type declaration (but, with
 * `options.doctype` `external`, one naming only an external DTD, never fetched), every entity
 * but the five XML predefines and numeric references to allowed characters (saxes reads no DTD,
 * so a declared entity stays undefined: billion laughs and external entities are refused as
 * undefined references), a second root, text outside the root, mismatched or unclosed tags,
 * duplicate attributes, more than {@link MAX_XML_ATTRIBUTES} attributes on one element, nesting
 * beyond `options.maxDepth` ({@link MAX_XML_DEPTH} by default). A byte order mark and the XML
 * declaration may open the document; its `encoding` is not consulted (the HTTP layer decoded it).
 */
export function* readXml(body: string | readonly string[], events: XmlEvents, options: XmlReadOptions = {}): Stepwise<void> {
  const reported: Reported[] = [];
  const parser = reportingParser(reported, events.attributes, options);
  try {
    let first = true;
    for (const piece of typeof body === 'string' ? [body] : body) {
      const from = first && piece.charCodeAt(0) === 0xfeff ? 1 : 0;
      first = false;
      for (let at = from; at < piece.length; at += CHARS_PER_STEP) {
        parser.write(piece.slice(at, at + CHARS_PER_STEP));
        yield* handOn(reported, events);
        yield;
      }
    }
    parser.close();
  } catch (error) {
    throw error instanceof XmlReadError ? error : new XmlReadError();
  }
  yield* handOn(reported, events);
}

/** A saxes parser whose events land in `reported`, checked as they come. */
function reportingParser(reported: Reported[], wanted: ReadonlySet<string> | undefined, options: XmlReadOptions): SaxesParser<PlainOptions> {
  const parser = new SaxesParser<PlainOptions>({ position: false, xmlns: false });
  const maxDepth = options.maxDepth ?? MAX_XML_DEPTH;
  let depth = 0;
  parser.on('error', () => {
    throw new XmlReadError();
  });
  parser.on('doctype', (declaration) => {
    if (options.doctype !== 'external' || !isExternalOnly(declaration)) throw new XmlReadError();
  });
  // Attributes are counted as they are read, so a tag of a million attributes is refused at the limit.
  let attributes: Map<string, string> | undefined;
  let attributeCount = 0;
  parser.on('opentagstart', () => {
    attributes = undefined;
    attributeCount = 0;
  });
  parser.on('attribute', ({ name, value }) => {
    if (++attributeCount > MAX_XML_ATTRIBUTES) throw new XmlReadError();
    const local = localName(name);
    if (wanted?.has(local)) (attributes ??= new Map()).set(local, value.slice(0, MAX_ATTRIBUTE_CHARS));
  });
  parser.on('opentag', (tag) => {
    if (++depth > maxDepth) throw new XmlReadError();
    reported.push(attributes === undefined ? { open: localName(tag.name) } : { open: localName(tag.name), attributes });
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    reported.push({ close: localName(tag.name) });
  });
  const onText = (text: string): void => {
    if (depth > 0 && text !== '') reported.push({ text });
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  return parser;
}

/** Hands the reported events on, pausing every {@link EVENTS_PER_STEP} and between the pieces of a long text. */
function* handOn(reported: Reported[], events: XmlEvents): Stepwise<void> {
  for (let index = 0; index < reported.length; index++) {
    const event = reported[index]!;
    if ('text' in event) yield* textInPieces(event.text, events);
    else if ('open' in event) events.open(event.open, event.attributes);
    else events.close(event.close);
    if ((index + 1) % EVENTS_PER_STEP === 0) yield;
  }
  reported.length = 0;
}

/** A text in pieces of at most {@link MAX_TEXT_PIECE} (never cutting a surrogate pair), a pause between two. */
function* textInPieces(text: string, events: XmlEvents): Stepwise<void> {
  if (text.length <= MAX_TEXT_PIECE) return events.text(text);
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + MAX_TEXT_PIECE);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    events.text(text.slice(at, end));
    at = end;
    if (at < text.length) yield;
  }
}
