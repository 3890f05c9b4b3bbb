import type { FullTextClient, FullTextDocument, FullTextOutcome, FullTextRequest } from '../../src/ports/fulltext-client.port.js';

/**
 * In-memory {@link FullTextClient} for tests: answers every read with the outcome it was given
 * (or, for a function, the outcome it computes from the request) and records the requests.
 */
export class FakeFullTextClient implements FullTextClient {
  readonly requests: FullTextRequest[] = [];

  constructor(private readonly answer: FullTextOutcome | ((request: FullTextRequest) => FullTextOutcome | Promise<FullTextOutcome>)) {}

  async read(request: FullTextRequest): Promise<FullTextOutcome> {
    this.requests.push(request);
    return typeof this.answer === 'function' ? this.answer(request) : this.answer;
  }
}

/**
 * A document of `sections` (ids and headings) and `blocks` (section index, text), from a
 * source with a fixed hash and licence.
 */
export function documentOf(
  sections: readonly [id: string, heading: string, level?: number][],
  blocks: readonly [section: number, text: string][],
  sha256 = 'a'.repeat(64),
): FullTextDocument {
  return {
    source: {
      provider: 'europepmc',
      url: 'https://www.ebi.ac.uk/europepmc/webservices/rest/PMC1/fullTextXML',
      sha256,
      bytes: 1234,
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    },
    sections: sections.map(([id, heading, level]) => ({ id, heading, level: level ?? 1 })),
    blocks: blocks.map(([section, text]) => ({ section, text })),
    truncated: false,
  };
}

/** An outcome with a document from Europe PMC. */
export const fullTextOf = (document: FullTextDocument): FullTextOutcome => ({
  work: { pmcid: 'PMC1', doi: '10.1000/x' },
  document,
  attempts: [{ provider: 'europepmc', outcome: 'full_text' }],
});
