import type { HeldResource, HeldResources, ResourceFile } from '../../ports/held-resources.port.js';

/** node:crypto, loaded on the first held file: never at start-up, so the single executable's snapshot holds none of it (docs/runtime.md). */
const nodeCrypto = () => process.getBuiltinModule('node:crypto');

/** How long a file is held: 30 minutes. */
export const HELD_RESOURCE_TTL_MS = 30 * 60 * 1000;

/**
 * Bounds of the held files: at most 32 files and 64 MiB of UTF-8 together (a Zotero export's
 * four files are at most 2 MiB; an evidence snapshot of 2 MiB of arguments about as much).
 */
const HELD_RESOURCE_BOUNDS = { files: 32, bytes: 64 * 1024 * 1024 } as const;

/** The scheme and authority of every held file's uri. */
const HELD_RESOURCE_PREFIX = 'qiongli://held/';

/**
 * {@link HeldResources} in this process's memory: a file is held until 30 minutes have passed or
 * the bounds drop it (oldest first). Its uri names a random 128-bit id and the file name.
 */
export class InMemoryHeldResources implements HeldResources {
  private readonly files = new Map<string, { readonly resource: HeldResource; readonly text: string; readonly heldAt: number }>();
  private bytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly bounds: { readonly files: number; readonly bytes: number } = HELD_RESOURCE_BOUNDS,
  ) {}

  hold(file: ResourceFile): HeldResource | undefined {
    const size = Buffer.byteLength(file.text, 'utf8');
    if (size > this.bounds.bytes) return undefined;
    this.dropExpired();
    while (this.files.size > 0 && (this.files.size >= this.bounds.files || this.bytes + size > this.bounds.bytes))
      this.drop(this.files.keys().next().value as string);
    const resource: HeldResource = {
      uri: `${HELD_RESOURCE_PREFIX}${nodeCrypto().randomBytes(16).toString('hex')}/${encodeURIComponent(file.name)}`,
      name: file.name,
      title: file.title,
      mimeType: file.mimeType,
      size,
      sha256: nodeCrypto().createHash('sha256').update(file.text, 'utf8').digest('hex'),
    };
    this.files.set(resource.uri, { resource, text: file.text, heldAt: this.now() });
    this.bytes += size;
    return resource;
  }

  read(uri: string): { readonly resource: HeldResource; readonly text: string } | undefined {
    if (typeof uri !== 'string') return undefined;
    this.dropExpired();
    const held = this.files.get(uri);
    return held === undefined ? undefined : { resource: held.resource, text: held.text };
  }

  private dropExpired(): void {
    const oldest = this.now() - HELD_RESOURCE_TTL_MS;
    for (const [uri, held] of this.files) {
      if (held.heldAt >= oldest) break;
      this.drop(uri);
    }
  }

  private drop(uri: string): void {
    this.bytes -= this.files.get(uri)?.resource.size ?? 0;
    this.files.delete(uri);
  }
}
