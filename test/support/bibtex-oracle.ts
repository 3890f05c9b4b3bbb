import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from './built-program.js';

/** One entry as btparse (Text::BibTeX, biber's parser) reads it. */
export interface ParsedBibEntry {
  readonly type: string;
  readonly key: string;
  /** Field values as btparse gives them (outer braces removed, inner ones kept). */
  readonly fields: Readonly<Record<string, string>>;
  /** Field names in file order. */
  readonly order: readonly string[];
  /** How many names BibTeX's `and` splitting finds in `author`. */
  readonly author_count: number;
}

/** What btparse made of a whole file: its entries, and how many it could not parse. */
export interface ParsedBibFile {
  readonly entries: readonly ParsedBibEntry[];
  readonly errors: number;
}

const SCRIPT = join(PROJECT_ROOT, 'test', 'support', 'bibtex-parse.pl');

/**
 * Parses `bib` with a real BibTeX parser: Text::BibTeX (btparse), from Debian's
 * `libtext-bibtex-perl`, which .ci/run installs (docs/decisions.md, "BibTeX checked by a real
 * parser"). btparse counts braces as BibTeX does, a backslash hiding none.
 */
export function parseBibtex(bib: string): ParsedBibFile {
  const folder = mkdtempSync(join(tmpdir(), 'qiongli-bib-'));
  try {
    const file = join(folder, 'bibliography.bib');
    writeFileSync(file, bib);
    const run = spawnSync('perl', [SCRIPT, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.equal(run.status, 0, `btparse is needed (apt-get install libtext-bibtex-perl, as .ci/run does): ${run.stderr}`);
    return JSON.parse(run.stdout) as ParsedBibFile;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The exporter's escapes, longest first, each with the character it stands for. */
const ESCAPED = /\\textbackslash\{\}|\\\{\\vphantom\{\\\}\}|\\vphantom\{\\\{\}\\\}|\\\^\{\}|\\~\{\}|\\[#%&_$]/gu;
const UNESCAPE: Readonly<Record<string, string>> = {
  '\\textbackslash{}': '\\',
  '\\{\\vphantom{\\}}': '{',
  '\\vphantom{\\{}\\}': '}',
  '\\^{}': '^',
  '\\~{}': '~',
};

/** A value as it was before the exporter escaped it (every backslash of the file starts an escape). */
export const unescapeBibtex = (value: string): string => value.replace(ESCAPED, (sequence) => UNESCAPE[sequence] ?? sequence.slice(1));
