import { Buffer } from 'node:buffer';

/** One element's place in the answer array. */
type Slot =
  | { readonly state: 'open' }
  | { readonly state: 'none' }
  | { readonly state: 'kept'; readonly frame: string; readonly bytes: number }
  | { readonly state: 'replaced' };

const OPEN: Slot = { state: 'open' };
const OPEN_BRACKET = 0x5b;
const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;

/**
 * The answer array of one batch, bounded in encoded UTF-8 bytes (8 MiB, like any response).
 *
 * Answers are placed in element order. Each element has a fallback — its `-32603`
 * `tool-output-too-large` error — whose size stays reserved until the element settles, so
 * the array can always be completed within the bound. An answer is kept when it fits beside
 * the answers of the elements before it (and the reserves of those still open); to make it
 * fit, answers kept for later elements give way to their fallbacks, since earlier elements
 * come first. Otherwise the element gets its fallback. When elements settle in element order
 * (every synchronous answer does) this is exactly "an element whose answer would push the
 * array past the bound gets the error instead"; when an earlier element settles later, it
 * can only displace later ones. Kept answers never exceed the bound together, so the batch
 * holds at most one response's worth of memory whatever its elements produce.
 */
export class BatchAnswer {
  private readonly slots: Slot[];
  /** Encoded size of each fallback: what an open element holds in reserve. */
  private readonly reserves: number[];
  /** Bytes of the array if every open element took its fallback. */
  private committed: number;
  private open: number;
  private sent = false;

  /**
   * @param fallbacks each element's replacement answer, in element order
   * @param limitBytes the bound on the encoded array
   */
  constructor(
    private readonly fallbacks: readonly string[],
    private readonly limitBytes: number,
  ) {
    this.slots = fallbacks.map(() => OPEN);
    this.reserves = fallbacks.map((fallback) => Buffer.byteLength(fallback, 'utf8'));
    this.open = fallbacks.length;
    // `[`, `]` and one comma per element at most.
    this.committed = 1 + fallbacks.length + this.reserves.reduce((sum, bytes) => sum + bytes, 0);
  }

  /** Whether every element has settled. */
  get complete(): boolean {
    return this.open === 0;
  }

  /** Records element `index`'s answer (`null`: it answers nothing, e.g. a notification). */
  record(index: number, frame: string | null): void {
    if (this.slots[index] !== OPEN) return;
    this.open--;
    const reserve = this.reserves[index] as number;
    if (frame === null) {
      this.slots[index] = { state: 'none' };
      this.committed -= reserve;
      return;
    }
    // A UTF-8 encoding is never shorter than its UTF-16 length: skip measuring what cannot fit.
    const room = this.limitBytes - this.committed + reserve + this.displaceable(index);
    const bytes = frame.length > room ? Infinity : Buffer.byteLength(frame, 'utf8');
    if (bytes > room) {
      this.slots[index] = { state: 'replaced' };
      return;
    }
    this.committed += bytes - reserve;
    this.slots[index] = { state: 'kept', frame, bytes };
    for (let later = this.slots.length - 1; later > index && this.committed > this.limitBytes; later--) this.displace(later);
  }

  /**
   * The array's UTF-8 bytes once complete (once only); null when no element answers. Each
   * answer is encoded straight into one buffer of the array's size: joining them as a string
   * first cost the array three more times (the join, its flattening, the stream's copy).
   */
  encode(): Buffer | null {
    if (!this.complete || this.sent) return null;
    this.sent = true;
    const parts: { readonly text: string; readonly bytes: number }[] = [];
    this.slots.forEach((slot, index) => {
      if (slot.state === 'kept') parts.push({ text: slot.frame, bytes: slot.bytes });
      else if (slot.state === 'replaced') parts.push({ text: this.fallbacks[index] as string, bytes: this.reserves[index] as number });
    });
    if (parts.length === 0) return null;
    const array = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + part.bytes + 1, 1));
    let offset = 0;
    for (const [index, part] of parts.entries()) {
      array[offset] = index === 0 ? OPEN_BRACKET : COMMA;
      offset += 1 + array.write(part.text, offset + 1, part.bytes, 'utf8');
    }
    array[offset] = CLOSE_BRACKET;
    return array.subarray(0, offset + 1);
  }

  /** Bytes that answers kept for elements after `index` would free by giving way. */
  private displaceable(index: number): number {
    let bytes = 0;
    for (let later = index + 1; later < this.slots.length; later++) {
      const slot = this.slots[later] as Slot;
      if (slot.state === 'kept') bytes += Math.max(0, slot.bytes - (this.reserves[later] as number));
    }
    return bytes;
  }

  private displace(index: number): void {
    const slot = this.slots[index] as Slot;
    if (slot.state !== 'kept' || slot.bytes <= (this.reserves[index] as number)) return;
    this.committed -= slot.bytes - (this.reserves[index] as number);
    this.slots[index] = { state: 'replaced' };
  }
}
