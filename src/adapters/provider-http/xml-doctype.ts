import { XmlReadError } from './xml-text.js';

/** Longest document type declaration accepted, in characters (JATS ones are about 150). */
const MAX_DOCTYPE_CHARS = 1024;

/**
 * The index just after a document type declaration whose name and external id start at `at`:
 * its `>` outside quotes. An internal subset (`[` outside quotes), no end, or more than
 * {@link MAX_DOCTYPE_CHARS} characters → {@link XmlReadError}.
 */
export function externalDoctypeEnd(text: string, at: number): number {
  let quote = 0;
  const limit = Math.min(text.length, at + MAX_DOCTYPE_CHARS);
  for (let index = at; index < limit; index++) {
    const code = text.charCodeAt(index);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 0x22 /* " */ || code === 0x27 /* ' */) quote = code;
    else if (code === 0x5b /* [ */ || code === 0x3c /* < */) break;
    else if (code === 0x3e /* > */) return index + 1;
  }
  throw new XmlReadError();
}
