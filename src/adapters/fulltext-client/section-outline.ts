import type { DocumentSection } from '../../ports/fulltext-client.port.js';

/** Sections with a fixed id; every other section is numbered (`s1`, `s1.2`). */
export type SpecialSection = 'abstract' | 'refs' | 'floats';

/** An open section: its index in the sections (undefined past the bound) and how many numbered children it has. */
interface OpenSection {
  readonly index: number | undefined;
  readonly id: string;
  readonly level: number;
  /** Numbered sections (`s…`) number their subsections; special ones do not. */
  readonly numbered: boolean;
  children: number;
}

/**
 * The sections of a document as a reader opens and closes them (docs/tools.md#passage-ids):
 * numbered ones get the path of their positions (`s2`, `s2.1`), special ones a fixed id (created
 * once, reused when opened again); text outside any section lands in `body`. At most `bound`
 * sections are kept; past it, text goes to the nearest kept ancestor and the outline is `cut`.
 */
export class SectionOutline {
  readonly sections: DocumentSection[] = [];
  /** Whether a section was not kept because of the bound. */
  cut = false;
  private readonly open: OpenSection[] = [];
  private topLevel = 0;

  constructor(private readonly bound: number) {}

  /** Opens a section: a numbered one (child of the open numbered section), or a special one. */
  enter(special?: SpecialSection): void {
    const parent = this.open.at(-1);
    let id: string = special ?? '';
    let level = 1;
    if (special === undefined && parent?.numbered === true) {
      id = `${parent.id}.${++parent.children}`;
      level = parent.level + 1;
    } else if (special === undefined) id = `s${++this.topLevel}`;
    this.open.push({ index: this.indexOf(id, level), id, level, numbered: special === undefined, children: 0 });
  }

  /** Closes the section opened last. */
  leave(): void {
    this.open.pop();
  }

  /** The innermost open section that was kept; `undefined` when none is open. */
  get innermost(): number | undefined {
    for (let depth = this.open.length - 1; depth >= 0; depth--) {
      const index = this.open[depth]!.index;
      if (index !== undefined) return index;
    }
    return undefined;
  }

  /** The section text goes to now: the innermost kept one, else `body`. */
  current(): number | undefined {
    return this.innermost ?? this.indexOf('body', 1);
  }

  /** Gives the innermost open section its heading, unless it has one. */
  head(heading: string): void {
    const index = this.open.at(-1)?.index;
    const section = index === undefined ? undefined : this.sections[index];
    if (section !== undefined && section.heading === '' && heading !== '') this.sections[index!] = { ...section, heading };
  }

  /** The index of a section, created on first use; `undefined` past the bound. */
  private indexOf(id: string, level: number): number | undefined {
    const existing = this.sections.findIndex((section) => section.id === id);
    if (existing >= 0) return existing;
    if (this.sections.length >= this.bound) {
      this.cut = true;
      return undefined;
    }
    this.sections.push({ id, heading: '', level });
    return this.sections.length - 1;
  }
}
