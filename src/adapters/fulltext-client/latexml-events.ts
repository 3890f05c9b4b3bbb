import type { DocumentBuilder } from './document-builder.js';

/** Elements whose subtree is never reading text (page furniture, scripts, images, forms). */
const IGNORED_TAGS = new Set(
  'script style noscript template svg button nav header footer form dialog img input select textarea iframe object canvas video audio'.split(' '),
);
/** LaTeXML classes whose subtree is not reading text: authors, dates, error markers, footnote marks, the document title. */
const IGNORED_CLASSES =
  'ltx_authors ltx_dates ltx_ERROR ltx_note_mark ltx_title_document ltx_page_navbar ltx_page_footer ltx_page_logo ltx_pagination ltx_classification ltx_rdf'.split(
    ' ',
  );
/** LaTeXML classes of numbered sections. */
const SECTION_CLASSES =
  'ltx_section ltx_subsection ltx_subsubsection ltx_paragraph ltx_subparagraph ltx_appendix ltx_chapter ltx_part ltx_acknowledgements ltx_index'.split(' ');
/** LaTeXML classes of display equations (their table is one passage). */
const EQUATION_CLASSES = ['ltx_equation', 'ltx_equationgroup', 'ltx_eqn_table'];
/** Tags whose boundaries never separate words. */
const INLINE_TAGS = new Set('a span em strong b i u sup sub small big cite code abbr q s tt var mark font bdi bdo time label math'.split(' '));

type Undo = (() => void) | undefined;

/**
 * Most characters of a `class` attribute read (LaTeXML's are a few classes) and of a formula's
 * `alttext` kept: a hostile 12 MiB attribute is cut, never split or cleaned whole.
 */
const MAX_ATTRIBUTE_CHARS = 16 * 1024;

/** Whether a `class` attribute holds one of `names`. */
const hasClass = (classes: string, names: readonly string[]): boolean => classes.split(/\s+/u).some((name) => names.includes(name));

/**
 * The htmlparser2 callbacks that read a LaTeXML page (arXiv's HTML papers) into a
 * {@link DocumentBuilder} (docs/provider-data.md#8-full-text-documents): only what lies inside the
 * `ltx_document` element; the abstract, nested sections (numbered `s1`, `s1.2`, headed by their
 * `ltx_title`), the bibliography (one passage per `ltx_bibitem`); paragraphs, display equations
 * and captions as passages; figures and tables as their `figcaption` only; every formula as its
 * `alttext`; footnotes after their paragraph. The page's licence line (`#license-tr`) is kept
 * apart. Nesting deeper than {@link LatexmlEvents.maxDepth} stops the read (`tooDeep`).
 */
export class LatexmlEvents {
  /** Set when the nesting passed the bound; the feeder stops and refuses the page. */
  tooDeep = false;
  /** Whether an `ltx_document` element was met. */
  found = false;
  /** The text of the page's licence line, when it has one. */
  licenceLine = '';
  private readonly undo: Undo[] = [];
  private depth = 0;
  private ignored = 0;
  private inDocument = 0;
  private inLicence = 0;
  private figureDepth = 0;
  private captionDepth = 0;
  private blockDepth = 0;
  private lead = '';
  private sectionOpenedAt = -1;

  constructor(
    private readonly builder: DocumentBuilder,
    readonly maxDepth: number,
    private readonly stop: () => void,
  ) {}

  onopentag(name: string, attributes: Record<string, string>): void {
    if (++this.depth > this.maxDepth && !this.tooDeep) {
      this.tooDeep = true;
      this.stop();
    }
    const classes = (attributes['class'] ?? '').slice(0, MAX_ATTRIBUTE_CHARS);
    const skipped =
      IGNORED_TAGS.has(name) ||
      hasClass(classes, IGNORED_CLASSES) ||
      (this.figureDepth > 0 && this.captionDepth === 0 && name !== 'figure' && name !== 'figcaption');
    if (this.ignored === 0 && !skipped && name === 'math' && this.inDocument > 0)
      this.builder.text(` ${(attributes['alttext'] ?? '').slice(0, MAX_ATTRIBUTE_CHARS)} `);
    if (this.ignored > 0 || skipped || name === 'math') {
      this.ignored++; // a formula's MathML is not text: its alttext stands for it
      return;
    }
    this.undo.push(this.begin(name, classes, attributes));
  }

  onclosetag(): void {
    this.depth--;
    if (this.ignored > 0) {
      this.ignored--;
      return;
    }
    this.undo.pop()?.();
  }

  ontext(text: string): void {
    if (this.ignored > 0) return;
    if (this.inLicence > 0) this.licenceLine = `${this.licenceLine}${text}`.slice(0, 256);
    else if (this.inDocument > 0 && (this.figureDepth === 0 || this.captionDepth > 0)) this.builder.text(text);
  }

  private begin(name: string, classes: string, attributes: Record<string, string>): Undo {
    const b = this.builder;
    if (attributes['id'] === 'license-tr')
      return this.counted(
        () => this.inLicence++,
        () => this.inLicence--,
      );
    if (hasClass(classes, ['ltx_document'])) {
      this.found = true;
      return this.counted(
        () => this.inDocument++,
        () => this.inDocument--,
      );
    }
    if (this.inDocument === 0) return undefined;
    if (hasClass(classes, ['ltx_abstract'])) return this.section(() => b.openSection('abstract'), 'Abstract');
    if (hasClass(classes, ['ltx_bibliography'])) return this.section(() => b.openSection('refs'), 'References');
    if (hasClass(classes, SECTION_CLASSES) && (name === 'section' || name === 'div')) return this.section(() => b.openSection(), '');
    if (/^h[1-6]$/u.test(name)) return this.heading();
    // Inside a figure only captions are text (other children are ignored as they open).
    if (name === 'figure')
      return this.counted(
        () => this.figureDepth++,
        () => this.figureDepth--,
      );
    if (name === 'figcaption') {
      this.captionDepth++;
      return this.block(() => this.captionDepth--);
    }
    if (name === 'p' || name === 'pre' || hasClass(classes, ['ltx_bibitem', 'ltx_listing']) || (name === 'table' && hasClass(classes, EQUATION_CLASSES)))
      return this.block();
    if (hasClass(classes, ['ltx_note_outer'])) {
      b.beginAside();
      return () => b.endAside();
    }
    if (hasClass(classes, ['ltx_tag'])) return () => b.space(); // a number (`1`, `[1]`) before its text
    if (INLINE_TAGS.has(name)) return undefined;
    b.space();
    return () => b.space();
  }

  private counted(enter: () => void, leave: () => void): Undo {
    enter();
    return leave;
  }

  /** A section with a default heading used when it has none of its own. */
  private section(open: () => void, fallback: string): Undo {
    open();
    this.sectionOpenedAt = this.depth;
    return () => this.builder.closeSection(fallback);
  }

  /** A heading element: its section's heading when it is the section's child, else the lead of the next passage. */
  private heading(): Undo {
    const b = this.builder;
    if (this.blockDepth > 0) return undefined;
    if (this.depth === this.sectionOpenedAt + 1) {
      b.beginHeading();
      return () => b.endHeading();
    }
    b.beginHeading(); // collected as a heading frame, then moved to the lead
    return () => {
      this.lead += `${b.takeHeadingText()} `;
    };
  }

  private block(after?: () => void): Undo {
    this.blockDepth++;
    this.builder.beginBlock();
    this.builder.text(this.lead);
    this.lead = '';
    return () => {
      this.blockDepth--;
      this.builder.endBlock();
      after?.();
    };
  }
}
