#!/usr/bin/env node
// Checks server.json, the MCP registry entry, against the rules of the registry's server.json
// schema (2025-12-11) that this entry uses, and against package.json: the registry verifies an
// npm package through its `mcpName`, and the entry must start the program the package ships.
//
//   node scripts/check-server-json.mjs     # exit 0 when it holds, 1 with the problems listed
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** The arguments every client configuration passes (docs/install.md). */
const SERVE = [
  { type: 'positional', value: 'mcp' },
  { type: 'positional', value: 'serve' },
  { type: 'named', name: '--profile', value: 'lite' },
  { type: 'named', name: '--transport', value: 'stdio' },
];
const PACKAGE_KEYS = new Set([
  'registryType',
  'registryBaseUrl',
  'identifier',
  'version',
  'fileSha256',
  'runtimeHint',
  'transport',
  'runtimeArguments',
  'packageArguments',
  'environmentVariables',
]);
const RANGE = /^[\^~<>=]|[x*]$|\s-\s|\|\|/;

/** Problems of `server` (parsed server.json) given `pkg` (parsed package.json); empty when none. */
export function serverJsonProblems(server, pkg) {
  const problems = [];
  const expect = (ok, text) => ok || problems.push(text);
  expect(server.$schema === SCHEMA, `$schema must be ${SCHEMA}`);
  expect(
    typeof server.name === 'string' && /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/.test(server.name) && server.name.length <= 200,
    'name must be namespace/name in reverse-DNS form',
  );
  expect(server.name === pkg.mcpName, 'name must equal package.json mcpName (how the registry verifies the npm package)');
  expect(typeof server.description === 'string' && server.description.length >= 1 && server.description.length <= 100, 'description must be 1–100 characters');
  expect(server.version === pkg.version, 'version must equal the package version');
  expect(
    server.repository === undefined || (typeof server.repository.url === 'string' && typeof server.repository.source === 'string'),
    'repository needs url and source',
  );
  const packages = Array.isArray(server.packages) ? server.packages : [];
  expect(packages.length === 1, 'one package: the npm package');
  for (const entry of packages) {
    for (const key of Object.keys(entry)) expect(PACKAGE_KEYS.has(key), `package key ${key} is not in the schema`);
    expect(entry.registryType === 'npm' && entry.registryBaseUrl === 'https://registry.npmjs.org', 'the package is on the npm registry');
    expect(entry.identifier === pkg.name, 'package identifier must be the npm package name');
    expect(entry.version === pkg.version && !RANGE.test(entry.version) && entry.version !== 'latest', 'package version must be the exact package version');
    expect(entry.transport?.type === 'stdio', 'transport must be stdio');
    expect(JSON.stringify(entry.packageArguments) === JSON.stringify(SERVE), 'packageArguments must be mcp serve --profile lite --transport stdio');
    for (const variable of entry.environmentVariables ?? []) {
      expect(typeof variable.name === 'string' && typeof variable.description === 'string', 'an environment variable needs name and description');
      expect(['string', 'number', 'boolean', 'filepath', undefined].includes(variable.format), `format of ${variable.name} is not in the schema`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const read = (name) => JSON.parse(readFileSync(join(ROOT, name), 'utf8'));
  const problems = serverJsonProblems(read('server.json'), read('package.json'));
  for (const problem of problems) process.stderr.write(`server.json: ${problem}\n`);
  process.exit(problems.length === 0 ? 0 : 1);
}
