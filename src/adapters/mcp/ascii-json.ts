const NON_ASCII = /[\u0080-\uffff]/g;

const escapeUnit = (unit: string): string => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * A JSON text with every non-ASCII UTF-16 unit written as a `\uXXXX` escape: the same JSON
 * value, held by V8 as a one-byte string. Used for texts kept and repeated (the cached
 * `tools/list` result): one non-ASCII character makes a string, and every answer or batch
 * joined from it, two bytes per character, which doubled the peak of a 1,024-element batch.
 * Outside strings a JSON text is ASCII, so only string contents are escaped.
 */
export const asciiJson = (json: string): string => json.replace(NON_ASCII, escapeUnit);
