import type { Stepwise } from '../../domain/shared/stepwise.js';
import { XmlReadError, decodeCharacterData } from './xml-text.js';
import { externalDoctypeEnd } from './xml-doctype.js';
import type { XmlEvents, XmlReadOptions } from './xml-events.js';

export type { XmlEvents, XmlReadOptions } from './xml-events.js';

/** Deepest element nesting accepted; an Atom feed is 4 levels deep. */
export const MAX_XML_DEPTH = 64;

/** Most attributes one element may carry; Atom elements carry at most a handful. */
export const MAX_XML_ATTRIBUTES = 256;

/** A pause comes after this many markup tokens or this many characters, whichever is first. */
const TOKENS_PER_STEP = 128;
const CHARS_PER_STEP = 16 * 1024;

// XML 1.0 (fifth edition) NameStartChar and NameChar, as a sticky pattern.
const START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME = new RegExp(`[${START}][${START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*`, 'uy');
const SPACE = /[ \t\r\n]*/y;

/**
 * Reads an XML document and reports its elements and text to `events`, pausing every few
 * hundred tokens. Refuses (throws {@link XmlReadError}) anything not well-formed and anything
 * that could make a parser expand text: any `<!DOCTYPE` (but, with `options.doctype`
 * `external`, one naming only an external DTD) or other `<!…>` declaration outside a
 * comment or CDATA section, undeclared entities, a second root, text outside the root,
 * mismatched or unclosed tags, duplicate attributes, more than {@link MAX_XML_ATTRIBUTES}
 * attributes on one element, nesting beyond `options.maxDepth` ({@link MAX_XML_DEPTH} by default).
 * The XML declaration (and a BOM) may open the document; its `encoding` is not consulted
 * (the HTTP layer already decoded the bytes).
 */
export function* readXml(text: string, events: XmlEvents, options: XmlReadOptions = {}): Stepwise<void> {
  const open: string[] = [];
  const maxDepth = options.maxDepth ?? MAX_XML_DEPTH;
  let rootSeen = false;
  let doctypeSeen = false;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.startsWith('<?xml', at) && /[ \t\r\n?]/u.test(text.charAt(at + 5))) at = after(text, '?>', at + 5);
  let stepStart = at;
  for (let count = 1; at < text.length; count++) {
    if (count % TOKENS_PER_STEP === 0 || at - stepStart > CHARS_PER_STEP) {
      stepStart = at;
      yield;
    }
    const lt = text.indexOf('<', at);
    const stop = lt < 0 ? text.length : lt;
    if (stop > at) {
      if (open.length > 0 && options.textInPieces === true) yield* reportText(text, at, stop, events);
      else if (open.length > 0) events.text(yield* decodeCharacterData(text.slice(at, stop)));
      else if (!/^[ \t\r\n]*$/u.test(text.slice(at, stop))) throw new XmlReadError();
    }
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) at = after(text, '-->', lt + 4);
    else if (text.startsWith('<![CDATA[', lt)) {
      if (open.length === 0) throw new XmlReadError();
      const end = text.indexOf(']]>', lt + 9);
      if (end < 0) throw new XmlReadError();
      events.text(text.slice(lt + 9, end));
      at = end + 3;
    } else if (text.startsWith('<!DOCTYPE', lt) && options.doctype === 'external' && !rootSeen && !doctypeSeen) {
      doctypeSeen = true;
      at = externalDoctypeEnd(text, lt + 9);
    } else if (text.startsWith('<!', lt))
      throw new XmlReadError(); // a DTD, or any other declaration
    else if (text.startsWith('<?', lt)) {
      if (readName(text, lt + 2).toLowerCase() === 'xml') throw new XmlReadError();
      at = after(text, '?>', lt + 2);
    } else if (text.startsWith('</', lt)) {
      const name = readName(text, lt + 2);
      at = skipSpace(text, lt + 2 + name.length);
      if (text.charCodeAt(at) !== 0x3e /* > */ || open.pop() !== name) throw new XmlReadError();
      at += 1;
      events.close(localName(name));
    } else {
      if (open.length === 0 && rootSeen) throw new XmlReadError();
      const name = readName(text, lt + 1);
      const afterName = lt + 1 + name.length;
      const tag = plainTagEnd(text, afterName) ?? (yield* readAttributes(text, afterName, events.attributes));
      if (open.length >= maxDepth) throw new XmlReadError();
      rootSeen = true;
      events.open(localName(name), tag.attributes);
      if (tag.selfClosing) events.close(localName(name));
      else open.push(name);
      at = tag.end;
    }
  }
  if (!rootSeen || open.length > 0) throw new XmlReadError();
}

/** Where a start tag ends, whether it closes itself, and the attributes asked for. */
interface StartTag {
  readonly end: number;
  readonly selfClosing: boolean;
  readonly attributes?: ReadonlyMap<string, string>;
}

/**
 * Reports the character data from `from` to `to` in pieces of about {@link CHARS_PER_STEP}, pausing
 * between them; a piece never ends inside a reference, so the pieces decode as the whole would.
 */
function* reportText(text: string, from: number, to: number, events: XmlEvents): Stepwise<void> {
  for (let at = from; at < to; ) {
    let end = Math.min(to, at + CHARS_PER_STEP);
    // Only a cut piece can end inside a reference, and only within a reference's length of its end.
    for (let index = end - 1; end < to && index > Math.max(at, end - 40); index--) {
      const code = text.charCodeAt(index);
      if (code === 0x26 /* & */) end = index;
      if (code === 0x26 || code === 0x3b /* ; */) break;
    }
    events.text(yield* decodeCharacterData(text.slice(at, end)));
    at = end;
    if (at < to) yield;
  }
}

/**
 * Checks the attributes of a start tag from `at` (just after its name) to its `>` or `/>`:
 * `name="value"` or `name='value'`, whitespace before each, no `<` in a value, references
 * valid, no name twice. Only the values of `wanted` local names are kept (decoded).
 */
function* readAttributes(text: string, at: number, wanted?: ReadonlySet<string>): Stepwise<StartTag> {
  let seen: Set<string> | undefined;
  let kept: Map<string, string> | undefined;
  for (let count = 1; ; count++) {
    const spaced = skipSpace(text, at);
    if (text.startsWith('/>', spaced)) return { end: spaced + 2, selfClosing: true, ...(kept === undefined ? {} : { attributes: kept }) };
    if (text.charCodeAt(spaced) === 0x3e) return { end: spaced + 1, selfClosing: false, ...(kept === undefined ? {} : { attributes: kept }) };
    if (spaced === at) throw new XmlReadError();
    const name = readName(text, spaced);
    seen ??= new Set();
    if (seen.has(name) || seen.size >= MAX_XML_ATTRIBUTES) throw new XmlReadError();
    seen.add(name);
    const equals = skipSpace(text, spaced + name.length);
    if (text.charCodeAt(equals) !== 0x3d /* = */) throw new XmlReadError();
    const quoteAt = skipSpace(text, equals + 1);
    const quote = text.charAt(quoteAt);
    if (quote !== '"' && quote !== "'") throw new XmlReadError();
    const close = text.indexOf(quote, quoteAt + 1);
    if (close < 0) throw new XmlReadError();
    const value = text.slice(quoteAt + 1, close);
    if (value.includes('<')) throw new XmlReadError();
    const decoded = yield* decodeCharacterData(value);
    if (wanted?.has(localName(name))) (kept ??= new Map()).set(localName(name), decoded);
    at = close + 1;
    if (count % TOKENS_PER_STEP === 0) yield;
  }
}

/** The end of a start tag without attributes (`<a>`, `<a/>`) from just after its name, else `undefined`. */
function plainTagEnd(text: string, at: number): StartTag | undefined {
  const code = text.charCodeAt(at);
  if (code === 0x3e /* > */) return { end: at + 1, selfClosing: false };
  if (code === 0x2f /* / */ && text.charCodeAt(at + 1) === 0x3e) return { end: at + 2, selfClosing: true };
  return undefined;
}

/** The XML name starting at `at`; none there → {@link XmlReadError}. */
function readName(text: string, at: number): string {
  NAME.lastIndex = at;
  const match = NAME.exec(text);
  if (match === null) throw new XmlReadError();
  return match[0];
}

/** `prefix:local` → `local` (documents are read by local names). */
const localName = (name: string): string => name.slice(name.lastIndexOf(':') + 1);

/** The index just after the next `terminator` from `at`; none → {@link XmlReadError}. */
function after(text: string, terminator: string, at: number): number {
  const end = text.indexOf(terminator, at);
  if (end < 0) throw new XmlReadError();
  return end + terminator.length;
}

function skipSpace(text: string, at: number): number {
  SPACE.lastIndex = at;
  SPACE.exec(text);
  return SPACE.lastIndex;
}
