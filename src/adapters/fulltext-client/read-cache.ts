/** How long a read is kept: ten minutes, as the search's answers. */
const READ_TTL_MS = 10 * 60 * 1000;

/**
 * A small least-recently-used cache of reads, keyed by the request (never holding a credential:
 * only whether a key was used), each kept {@link READ_TTL_MS}. A document can be 4 M characters,
 * so few are kept.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(private readonly capacity: number) {}

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T, now: number): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + READ_TTL_MS });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
