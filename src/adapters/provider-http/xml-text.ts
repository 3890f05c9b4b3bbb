import type { Stepwise } from '../../domain/shared/stepwise.js';

/** Thrown for a document this reader refuses (malformed, or a DTD). The message is static. */
export class XmlReadError extends Error {
  constructor() {
    super('malformed or refused XML');
    this.name = 'XmlReadError';
  }
}

/** The five entities XML predefines; no other named entity can exist without a DTD. */
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Longest reference accepted between `&` and `;` (`#x10FFFF` is 8; leading zeros allowed up to this). */
const MAX_REFERENCE_LENGTH = 32;

/** References decoded between two pauses. */
const REFERENCES_PER_STEP = 1024;

const DECIMAL = /^#[0-9]+$/u;
const HEX = /^#x[0-9a-fA-F]+$/u;

/**
 * Decodes the character data of XML text or of an attribute value: the five predefined
 * entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`) and numeric character references
 * (`&#233;`, `&#xE9;`) become their characters. Nothing is ever expanded beyond one
 * character: any other reference (`&nbsp;`, `&custom;`), a bare `&`, or a reference to a
 * code point XML forbids (`&#0;`, a surrogate) throws {@link XmlReadError}.
 * Pauses every thousand references, so an entity-dense 4 MiB text never blocks.
 */
export function* decodeCharacterData(raw: string): Stepwise<string> {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  const pieces: string[] = []; // joined a step at a time, so no final join is long
  let parts: string[] = [];
  let from = 0;
  for (let count = 1; amp >= 0; count++) {
    const semicolon = referenceEnd(raw, amp);
    parts.push(raw.slice(from, amp), referenceValue(raw.slice(amp + 1, semicolon)));
    from = semicolon + 1;
    amp = raw.indexOf('&', from);
    if (count % REFERENCES_PER_STEP === 0) {
      pieces.push(parts.join(''));
      parts = [];
      yield;
    }
  }
  parts.push(raw.slice(from));
  pieces.push(parts.join(''));
  return pieces.join('');
}

/** The index of the `;` closing the reference that starts at `amp` (looked for nearby only). */
function referenceEnd(raw: string, amp: number): number {
  const limit = Math.min(raw.length, amp + 2 + MAX_REFERENCE_LENGTH);
  for (let index = amp + 1; index < limit; index++) {
    const code = raw.charCodeAt(index);
    if (code === 0x3b /* ; */) return index;
    if (code === 0x26 /* & */ || code === 0x3c /* < */) break;
  }
  throw new XmlReadError();
}

/** The character a reference body (`amp`, `#233`, `#xE9`) stands for. */
function referenceValue(body: string): string {
  const predefined = PREDEFINED[body];
  if (predefined !== undefined && Object.hasOwn(PREDEFINED, body)) return predefined;
  let codePoint: number;
  if (DECIMAL.test(body)) codePoint = Number.parseInt(body.slice(1), 10);
  else if (HEX.test(body)) codePoint = Number.parseInt(body.slice(2), 16);
  else throw new XmlReadError();
  if (!isXmlChar(codePoint)) throw new XmlReadError();
  return String.fromCodePoint(codePoint);
}

/** XML 1.0 `Char`: tab, LF, CR, and the scalar values from U+0020 except surrogates, U+FFFE and U+FFFF. */
function isXmlChar(codePoint: number): boolean {
  if (codePoint === 0x9 || codePoint === 0xa || codePoint === 0xd) return true;
  if (codePoint < 0x20) return false;
  if (codePoint <= 0xd7ff) return true;
  if (codePoint < 0xe000) return false;
  if (codePoint <= 0xfffd) return true;
  return codePoint >= 0x10000 && codePoint <= 0x10ffff;
}
