/**
 * Where the worker finds `@napi-rs/keyring`: as a package, resolved from this module's own
 * location (the compiled tree, the bundle, the `.mcpb`'s `server/node_modules`), or as one
 * verified native file (the single executable writes its embedded copy out, docs/runtime.md).
 */
export type KeyringModuleLocation =
  | { readonly kind: 'package'; readonly from: string }
  | { readonly kind: 'file'; readonly path: string; readonly sha256: string };

/**
 * The location of the native keyring module in this build: the package next to the program.
 * The single executable's build replaces this module with one that unpacks its embedded
 * copy (scripts/binary/keyring-module-from-asset.ts).
 */
export const locateKeyringModule = (): Promise<KeyringModuleLocation> => Promise.resolve({ kind: 'package', from: import.meta.url });
