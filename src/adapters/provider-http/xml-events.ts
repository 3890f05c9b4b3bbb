/** Thrown for a document the XML reader refuses (malformed, or a DTD). The message is static. */
export class XmlReadError extends Error {
  constructor() {
    super('malformed or refused XML');
    this.name = 'XmlReadError';
  }
}

/** Longest piece of text handed to {@link XmlEvents.text} at once; a longer run comes in pieces. */
export const MAX_TEXT_PIECE = 16 * 1024;

/** Longest attribute value reported; a longer one is cut there (a licence URL, an id type and a formula's `alttext` are far shorter). */
export const MAX_ATTRIBUTE_CHARS = 16 * 1024;

/** What a `readXml` caller hears about: elements by local name, and their text. */
export interface XmlEvents {
  /**
   * An element starts (`arxiv:doi` → `doi`). Attributes are checked; those whose local names
   * {@link XmlEvents.attributes} lists are reported (decoded, cut at {@link MAX_ATTRIBUTE_CHARS}),
   * by local name.
   */
  open(localName: string, attributes?: ReadonlyMap<string, string>): void;
  /**
   * Character data inside the root element: text with references decoded, or a CDATA section as
   * is, in pieces of at most {@link MAX_TEXT_PIECE} characters (one run of text may come as
   * several pieces; join them).
   */
  text(text: string): void;
  /** The element opened last ends. */
  close(localName: string): void;
  /** Local names of the attributes to report (`href` reports `xlink:href`); none when absent. */
  readonly attributes?: ReadonlySet<string>;
}

/** How a document is read beyond the defaults. */
export interface XmlReadOptions {
  /** Deepest nesting accepted (default `MAX_XML_DEPTH`, 64). */
  readonly maxDepth?: number;
  /**
   * `external`: one declaration naming only an external DTD (`<!DOCTYPE article PUBLIC "…" "…">`,
   * as JATS opens) is accepted before the root and ignored, never fetched; an internal subset
   * (`[`, where entities are declared) is still refused. Default `refuse`: any is refused.
   */
  readonly doctype?: 'refuse' | 'external';
}
