import { Buffer } from 'node:buffer';

/** One element's place in the answer array. */
type Slot =
  | { readonly state: 'open' }
  | { readonly state: 'none' }
  | { readonly state: 'kept'; readonly frame: string; readonly bytes: number }
  | { readonly state: 'replaced' };

const OPEN: Slot = { state: 'open' };

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
  settle(index: number, frame: string | null): void {
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

  /** The encoded array once complete (once only); null when no element answers. */
  encode(): string | null {
    if (!this.complete || this.sent) return null;
    this.sent = true;
    const parts: string[] = [];
    this.slots.forEach((slot, index) => {
      if (slot.state === 'kept') parts.push(slot.frame);
      else if (slot.state === 'replaced') parts.push(this.fallbacks[index] as string);
    });
    return parts.length === 0 ? null : `[${parts.join(',')}]`;
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
