import type { XmlEvents } from '../provider-http/xml-reader.js';
import type { DocumentBuilder } from './document-builder.js';
import { JatsMetadataCollector, texFormula } from './jats-metadata.js';
import { ATTRIBUTES, BACK_SECTIONS, FIGURES, FIGURE_IGNORED, IGNORED, INLINE, MAX_CAPTURED_CHARS, inArticlePermissions } from './jats-elements.js';

type Undo = (() => void) | undefined;

/**
 * Reads a JATS article (Europe PMC's `fullTextXML`, PubMed Central's `efetch` inside its
 * `pmc-articleset`) into a {@link DocumentBuilder} (docs/provider-data.md#8-full-text-documents):
 * the abstract, the body's nested `sec`s (numbered `s1`, `s1.2`, headed by label and title), back
 * matter (acknowledgements, appendices, notes), the reference list (one passage per `ref`),
 * floats; paragraphs, list items and display formulas as passages; figures, tables and boxed
 * material as their label and caption only; formulas as their `tex-math` (else MathML `alttext`,
 * else the MathML text); footnotes after the paragraph they sit in. Only the first article of the
 * document is read; sub-articles (peer reviews) and front matter other than ids, licence and
 * abstract are left out.
 */
export class JatsDocumentEvents implements XmlEvents {
  readonly attributes = ATTRIBUTES;
  readonly metadata = new JatsMetadataCollector();
  private readonly undo: Undo[] = [];
  private readonly names: string[] = [];
  private ignored = 0;
  private articles = 0;
  private captured: { text: string; done: (text: string) => void } | undefined;
  private figureDepth = 0;
  private formulaUsed: boolean[] = [];
  private lead = '';
  private inRef = 0;
  private blockDepth = 0;

  constructor(private readonly builder: DocumentBuilder) {}

  open(name: string, attributes?: ReadonlyMap<string, string>): void {
    if (this.ignored > 0 || (name === 'article' && ++this.articles > 1) || IGNORED.has(name) || (this.figureDepth > 0 && FIGURE_IGNORED.has(name))) {
      this.ignored++;
      return;
    }
    const parent = this.names.at(-1);
    this.names.push(name);
    this.undo.push(this.begin(name, parent, attributes));
  }

  close(): void {
    if (this.ignored > 0) {
      this.ignored--;
      return;
    }
    this.names.pop();
    this.undo.pop()?.();
  }

  text(text: string): void {
    if (this.ignored > 0) return;
    if (this.captured !== undefined) this.captured.text += text.slice(0, Math.max(0, MAX_CAPTURED_CHARS - this.captured.text.length));
    else this.builder.text(text);
  }

  /** Starts an element and says how to end it. */
  private begin(name: string, parent: string | undefined, attributes?: ReadonlyMap<string, string>): Undo {
    const b = this.builder;
    if (this.inRef > 0 && !INLINE.has(name)) b.space();
    switch (name) {
      case 'article':
        this.metadata.hasArticle = true;
        return undefined;
      case 'article-id':
        return this.capture((text) => this.metadata.articleId(attributes?.get('pub-id-type'), text));
      case 'license': // only the article's own permissions (article-meta) name its licence, never a box or a figure
        if (inArticlePermissions(this.names)) this.metadata.licenceHrefOf(attributes?.get('href'));
        return this.ignoreText();
      case 'license_ref':
        return inArticlePermissions(this.names) ? this.capture((text) => this.metadata.licenceRefOf(text)) : this.ignoreText();
      case 'abstract':
        return this.section(() => b.openSection('abstract'), 'Abstract');
      case 'body':
        return this.metadata.bodyOpened(() => b.passageCount);
      case 'sec':
        return this.within('abstract') ? undefined : this.section(() => b.openSection(), '');
      case 'ref-list':
        return this.within('ref-list') ? undefined : this.section(() => b.openSection('refs'), 'References');
      case 'floats-group':
        return this.section(() => b.openSection('floats'), 'Figures and tables');
      case 'label':
      case 'title':
        return this.heading(name, parent);
      case 'term': // leads the first paragraph of its `def` (a `def` holds paragraphs only)
        return this.capture((text) => (this.lead += `${text.trim()}: `));
      case 'ref':
        this.inRef++;
        return this.block(() => this.inRef--);
      case 'p':
      case 'preformat':
      case 'verse-group':
        return this.figureDepth > 0 ? this.spaced() : this.block();
      case 'disp-formula':
        this.formulaUsed.push(false);
        return this.figureDepth > 0 ? this.spaced(() => this.formulaUsed.pop()) : this.block(() => this.formulaUsed.pop());
      case 'inline-formula':
      case 'alternatives':
        this.formulaUsed.push(false);
        return () => this.formulaUsed.pop();
      case 'tex-math':
      case 'math':
        return this.formula(name, attributes?.get('alttext'));
      case 'fn':
        b.beginAside();
        return () => b.endAside();
      case 'break':
        b.space();
        return undefined;
      default:
        if (FIGURES.has(name)) {
          this.figureDepth++;
          return this.figureDepth > 1 ? () => this.figureDepth-- : this.block(() => this.figureDepth--);
        }
        if (Object.hasOwn(BACK_SECTIONS, name)) return this.section(() => b.openSection(), BACK_SECTIONS[name]!);
        return this.inRef > 0 && !INLINE.has(name) ? () => b.space() : undefined;
    }
  }

  /** A section with a default heading used when it has none of its own. */
  private section(open: () => void, fallback: string): Undo {
    open();
    return () => this.builder.closeSection(fallback);
  }

  /** `label` and `title`: a section's heading, a lead for the next passage, or text of the block they sit in. */
  private heading(name: string, parent: string | undefined): Undo {
    const b = this.builder;
    if (this.figureDepth > 0 || this.inRef > 0 || this.blockDepth > 0) return this.spaced();
    const inAbstract = this.within('abstract');
    const headsSection =
      parent === 'abstract' || (!inAbstract && (parent === 'sec' || parent === 'app' || parent === 'ref-list' || Object.hasOwn(BACK_SECTIONS, parent ?? '')));
    if (!headsSection) return this.capture((text) => (this.lead += name === 'title' ? `${text.trim()}: ` : `${text.trim()} `));
    if (name === 'label') return this.capture((text) => (this.lead = `${text.trim()} `));
    b.beginHeading();
    b.text(this.takeLead());
    return () => b.endHeading();
  }

  private block(after?: () => void): Undo {
    this.blockDepth++;
    this.builder.beginBlock();
    this.builder.text(this.takeLead());
    return () => {
      this.blockDepth--;
      this.builder.endBlock();
      after?.();
    };
  }

  private spaced(after?: () => void): Undo {
    this.builder.space();
    return () => {
      this.builder.space();
      after?.();
    };
  }

  /** A formula's text: the first of `tex-math` or MathML of each formula or `alternatives`. */
  private formula(name: string, alttext: string | undefined): Undo {
    const used = this.formulaUsed;
    if (used.length > 0 && used[used.length - 1]) return this.ignoreText();
    if (used.length > 0) used[used.length - 1] = true;
    if (name === 'tex-math') return this.capture((tex) => this.builder.text(` ${texFormula(tex)} `));
    if (alttext !== undefined) {
      this.builder.text(` ${alttext} `);
      return this.ignoreText();
    }
    return undefined;
  }

  /** Whether an element named `name` encloses the one being started. */
  private within(name: string): boolean {
    const outermost = this.names.indexOf(name);
    return outermost >= 0 && outermost < this.names.length - 1;
  }

  private takeLead(): string {
    const { lead } = this;
    this.lead = '';
    return lead;
  }

  private capture(done: (text: string) => void): Undo {
    const outer = this.captured;
    this.captured = { text: '', done };
    return () => {
      const { text } = this.captured!;
      this.captured = outer;
      done(text);
    };
  }

  private ignoreText = (): Undo => this.capture(() => undefined);
}
