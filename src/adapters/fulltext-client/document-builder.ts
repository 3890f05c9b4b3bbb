import type { DocumentBlock, DocumentSource, FullTextDocument } from '../../ports/fulltext-client.port.js';
import { MAX_PASSAGE_CHARACTERS } from '../../domain/fulltext/passage-ids.js';
import { cleanPiece, cutIntoPassages } from './clean-text.js';
import { SectionOutline, type SpecialSection } from './section-outline.js';

export type { SpecialSection };

/** What one document may hold at most (docs/provider-data.md#8-full-text-documents); more marks it truncated. */
export const DOCUMENT_BOUNDS = { sections: 2000, blocks: 20_000, characters: 4_000_000, headingCharacters: 500 } as const;

/** Text collected for one heading, block or aside. */
interface Collected {
  parts: string[];
  length: number;
}

type Frame = { readonly kind: 'heading' | 'block' | 'aside'; readonly text: Collected };

const empty = (): Collected => ({ parts: [], length: 0 });
const joined = (text: Collected): string => text.parts.join('');
/** A heading's text: spaces merged, trimmed, bounded. */
const headingOf = (text: Collected): string => joined(text).replace(/ {2,}/gu, ' ').trim().slice(0, DOCUMENT_BOUNDS.headingCharacters);

/**
 * Builds a {@link FullTextDocument} from the events of a document reader (JATS or LaTeXML HTML):
 * sections opened and closed, headings, blocks of text (paragraphs, captions, list items,
 * equations, references) and asides (footnotes, emitted after the block they sit in). A block
 * opened inside another block ends the outer one's text so far (both stay whole passages, in
 * document order). Text is cleaned as it comes; a block longer than a passage is cut into
 * passages as it grows, so no hostile paragraph is ever held whole. Past {@link DOCUMENT_BOUNDS}
 * nothing more is kept and the document is marked truncated.
 */
export class DocumentBuilder {
  private readonly outline = new SectionOutline(DOCUMENT_BOUNDS.sections);
  private readonly blocks: DocumentBlock[] = [];
  private readonly frames: Frame[] = [];
  private readonly asides: string[] = [];
  private characters = 0;
  /** A bound on blocks or characters was reached: no more text is kept. */
  private textCut = false;

  /** How many passages the document holds so far. */
  get passageCount(): number {
    return this.blocks.length;
  }

  /** Opens a section: a numbered one (child of the open numbered section), or a special one. */
  openSection(special?: SpecialSection): void {
    this.outline.enter(special);
  }

  /** Closes the section opened last, giving it `fallbackHeading` when it found no heading of its own. */
  closeSection(fallbackHeading = ''): void {
    this.outline.head(fallbackHeading);
    this.outline.leave();
  }

  /** A heading of the open section starts; its text is collected until {@link endHeading}. */
  beginHeading(): void {
    this.frames.push({ kind: 'heading', text: empty() });
  }

  /** The heading ends; the open section keeps its first non-empty heading. */
  endHeading(): void {
    const frame = this.frames.pop();
    if (frame !== undefined) this.outline.head(headingOf(frame.text));
  }

  /** Ends the heading begun last without giving it to the section: its text, for the caller to place. */
  takeHeadingText(): string {
    const frame = this.frames.pop();
    return frame === undefined ? '' : headingOf(frame.text);
  }

  /** A block starts. Inside an aside it is part of the aside; inside another block it ends that block's text so far. */
  beginBlock(): void {
    const top = this.frames.at(-1);
    if (top?.kind === 'aside' || top?.kind === 'heading') {
      this.frames.push({ kind: top.kind, text: top.text });
      this.space();
      return;
    }
    if (top?.kind === 'block') this.flush(top.text);
    this.frames.push({ kind: 'block', text: empty() });
  }

  /** The block opened last ends: its text becomes passages, then the asides it held. */
  endBlock(): void {
    const frame = this.frames.pop();
    if (frame === undefined) return;
    if (frame.text !== this.frames.at(-1)?.text) this.flush(frame.text);
    else this.space();
    if (this.asides.length > 0 && !this.frames.some((open) => open.kind === 'block')) this.flushAsides();
  }

  /** An aside (a footnote) starts: its text is given as its own passage after the enclosing block. */
  beginAside(): void {
    this.frames.push({ kind: 'aside', text: empty() });
  }

  endAside(): void {
    const frame = this.frames.pop();
    if (frame === undefined) return;
    this.asides.push(joined(frame.text));
    if (!this.frames.some((open) => open.kind === 'block')) this.flushAsides();
  }

  /** Text of the document (entities already decoded); outside any heading or block it is dropped. */
  text(value: string): void {
    const frame = this.frames.at(-1);
    if (frame === undefined || this.textCut) return;
    const piece = cleanPiece(value);
    if (piece === '') return;
    if (frame.kind === 'heading' && frame.text.length > DOCUMENT_BOUNDS.headingCharacters) return;
    frame.text.parts.push(piece);
    frame.text.length += piece.length;
    if (frame.kind === 'block' && frame.text.length > 2 * MAX_PASSAGE_CHARACTERS) this.flushWhole(frame.text);
  }

  /** A word break (an element boundary that separates words, such as a table cell or a name part). */
  space(): void {
    const frame = this.frames.at(-1);
    frame?.text.parts.push(' ');
  }

  /** The document, with the source it came from; open blocks and sections are closed first. */
  build(source: DocumentSource): FullTextDocument {
    while (this.frames.length > 0) this.endBlock();
    this.flushAsides();
    return { source, sections: this.outline.sections, blocks: this.blocks, truncated: this.outline.cut || this.textCut };
  }

  /** Emits the collected text as passages and empties it. */
  private flush(text: Collected): void {
    if (text.parts.length === 0) return;
    const whole = joined(text);
    text.parts.length = 0;
    text.length = 0;
    this.emit(whole);
  }

  /** Emits every whole passage of a growing block, keeping the unfinished rest. */
  private flushWhole(text: Collected): void {
    const whole = joined(text);
    const pieces = cutIntoPassages(whole);
    const last = pieces.pop() ?? '';
    // The rest grows on: a space it ended with still separates it from the next word.
    const rest = last !== '' && /\s$/u.test(whole) ? `${last} ` : last;
    text.parts = [rest];
    text.length = rest.length;
    for (const piece of pieces) this.push(piece);
  }

  private flushAsides(): void {
    if (this.asides.length === 0) return;
    const pending = this.asides.splice(0);
    for (const aside of pending) this.emit(aside);
  }

  private emit(text: string): void {
    for (const piece of cutIntoPassages(text)) this.push(piece);
  }

  private push(text: string): void {
    const section = this.outline.current();
    if (this.textCut || section === undefined) return;
    if (this.blocks.length >= DOCUMENT_BOUNDS.blocks || this.characters + text.length > DOCUMENT_BOUNDS.characters) {
      this.textCut = true;
      return;
    }
    this.characters += text.length;
    this.blocks.push({ section, text });
  }
}
