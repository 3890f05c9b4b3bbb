/*
 * The little of the D-Bus wire format (little-endian) that secret-service-label.ts speaks: method
 * calls with string, object-path, signature and byte/uint32 values, and replies read far enough
 * to match them to their calls and to read an array of object paths.
 */

type Value = { readonly sig: 's' | 'o' | 'g'; readonly text: string } | { readonly sig: 'u' | 'y'; readonly num: number };

/** Little-endian D-Bus marshalling of the few types this client sends. */
class Writer {
  private bytes: number[] = [];
  get length(): number {
    return this.bytes.length;
  }
  align(n: number): this {
    while (this.bytes.length % n !== 0) this.bytes.push(0);
    return this;
  }
  byte(value: number): this {
    this.bytes.push(value & 0xff);
    return this;
  }
  uint32(value: number): this {
    this.align(4);
    for (let shift = 0; shift < 32; shift += 8) this.bytes.push((value >>> shift) & 0xff);
    return this;
  }
  string(text: string): this {
    const encoded = Buffer.from(text, 'utf8');
    this.uint32(encoded.length);
    this.bytes.push(...encoded, 0);
    return this;
  }
  signature(text: string): this {
    this.bytes.push(text.length, ...Buffer.from(text, 'latin1'), 0);
    return this;
  }
  value(value: Value): this {
    if ('num' in value) return value.sig === 'y' ? this.byte(value.num) : this.uint32(value.num);
    return value.sig === 'g' ? this.signature(value.text) : this.string(value.text);
  }
  patchUint32(at: number, value: number): void {
    for (let shift = 0; shift < 32; shift += 8) this.bytes[at + shift / 8] = (value >>> shift) & 0xff;
  }
  buffer(): Buffer {
    return Buffer.from(this.bytes);
  }
}

/** A method call: where it goes, what it calls, and how its body is written (with its signature). */
export interface Call {
  readonly path: string;
  readonly iface: string;
  readonly member: string;
  readonly destination: string;
  readonly signature?: string;
  readonly body?: (writer: Writer) => void;
}

/** One method call message (type 1), its body written by `call.body` after the 8-aligned header. */
export function methodCall(serial: number, call: Call): Buffer {
  const body = new Writer();
  call.body?.(body);
  const fields: Array<[number, Value]> = [
    [1, { sig: 'o', text: call.path }],
    [2, { sig: 's', text: call.iface }],
    [3, { sig: 's', text: call.member }],
    [6, { sig: 's', text: call.destination }],
  ];
  if (call.signature !== undefined) fields.push([8, { sig: 'g', text: call.signature }]);
  const header = new Writer().byte(0x6c).byte(1).byte(0).byte(1).uint32(body.length).uint32(serial);
  const lengthAt = header.length;
  header.uint32(0);
  const start = header.length;
  for (const [code, value] of fields) header.align(8).byte(code).signature(value.sig).value(value);
  header.patchUint32(lengthAt, header.length - start);
  header.align(8);
  return Buffer.concat([header.buffer(), body.buffer()]);
}

/** A reply: its type (2 return, 3 error, 4 signal), the serial it answers, and its body. */
export interface Reply {
  readonly type: number;
  readonly replyTo: number | undefined;
  readonly body: Buffer;
}

const pad = (offset: number, n: number): number => offset + ((n - (offset % n)) % n);

/** Splits complete messages off the front of `data`; answers them and the rest. */
export function readMessages(data: Buffer): { messages: Reply[]; rest: Buffer } {
  const messages: Reply[] = [];
  let offset = 0;
  while (data.length - offset >= 16) {
    if (data[offset] !== 0x6c) throw new Error('big-endian bus');
    // Alignment counts from the start of each message.
    const base = offset;
    const align = (at: number, n: number): number => base + pad(at - base, n);
    const bodyLength = data.readUInt32LE(offset + 4);
    const fieldsLength = data.readUInt32LE(offset + 12);
    const bodyStart = align(offset + 16 + fieldsLength, 8);
    if (data.length < bodyStart + bodyLength) break;
    let replyTo: number | undefined;
    for (let at = offset + 16; at < offset + 16 + fieldsLength; ) {
      at = align(at, 8);
      const code = data[at]!;
      const sigLength = data[at + 1]!;
      const sig = data.toString('latin1', at + 2, at + 2 + sigLength);
      at += 3 + sigLength;
      if (sig === 'u' || sig === 's' || sig === 'o') {
        at = align(at, 4);
        const number = data.readUInt32LE(at);
        if (code === 5) replyTo = number;
        at += sig === 'u' ? 4 : 4 + number + 1;
      } else if (sig === 'g') at += 1 + data[at]! + 1;
      else if (sig === 'y') at += 1;
      else throw new Error('header field');
    }
    messages.push({ type: data[offset + 1]!, replyTo, body: data.subarray(bodyStart, bodyStart + bodyLength) });
    offset = bodyStart + bodyLength;
  }
  return { messages, rest: data.subarray(offset) };
}

/** The first `ao` of a body (SearchItems answers `unlocked, locked`). */
export function objectPaths(body: Buffer): string[] {
  const length = body.readUInt32LE(0);
  const paths: string[] = [];
  for (let at = 4; at < 4 + length; ) {
    at = pad(at, 4);
    const size = body.readUInt32LE(at);
    paths.push(body.toString('utf8', at + 4, at + 4 + size));
    at += 4 + size + 1;
  }
  return paths;
}
