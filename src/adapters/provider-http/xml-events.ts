/** What a `readXml` caller hears about: elements by local name, and their text. */
export interface XmlEvents {
  /**
   * An element starts (`arxiv:doi` → `doi`). Attributes are checked; those whose local names
   * {@link XmlEvents.attributes} lists are reported (decoded), by local name.
   */
  open(localName: string, attributes?: ReadonlyMap<string, string>): void;
  /** Character data inside the root element: text with references decoded, or a CDATA section as is. */
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
  /** Report long character data in pieces of about 16 KiB, pausing between them (default: each run of text whole). */
  readonly textInPieces?: boolean;
}
