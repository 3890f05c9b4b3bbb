// Loads a package from this folder's own node_modules: the client majors that need Node 22 or
// later (package.json here), installed by scripts/install-lts-clients.mjs. A bare specifier
// imported by this file resolves from this folder; imported by the compiled tests under dist/,
// it would find the project's own (older) install instead.
export const loadPackage = (specifier) => import(specifier);
