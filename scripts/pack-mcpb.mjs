#!/usr/bin/env node
// `npm run pack:mcpb`: writes dist/qiongli.mcpb, an MCP Bundle for one-click installation in
// Claude Desktop and other MCPB hosts: the root manifest.json (checked with the mcpb validator),
// the LICENSE and the built program (dist/bundle → server/, with @napi-rs/keyring and the native
// module of every platform manifest.json names in server/node_modules: scripts/native-keyring.mjs
// fetches the other platforms' from the npm registry once and verifies them), run by the host's
// own Node.js exactly as manifest.json's mcp_config says. See docs/install.md.
//
//   node scripts/pack-mcpb.mjs [--out PATH] [--quiet]     (after `npm run build`)
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { packExtension, validateManifest } from '@anthropic-ai/mcpb';
import { REPO_ROOT } from './pinned-node.mjs';
import { copyKeyringPackages } from './native-keyring.mjs';

const { values } = parseArgs({ options: { out: { type: 'string' }, quiet: { type: 'boolean', default: false } } });
const out = resolve(values.out ?? join(REPO_ROOT, 'dist', 'qiongli.mcpb'));
const bundle = join(REPO_ROOT, 'dist', 'bundle');
const stage = `${out.endsWith('.mcpb') ? out.slice(0, -5) : out}.stage`;

if (!existsSync(join(bundle, 'qiongli.mjs'))) {
  process.stderr.write('pack:mcpb: dist/bundle/qiongli.mjs is missing; run `npm run build` first\n');
  process.exit(1);
}
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
cpSync(join(REPO_ROOT, 'manifest.json'), join(stage, 'manifest.json'));
cpSync(join(REPO_ROOT, 'LICENSE'), join(stage, 'LICENSE'));
cpSync(bundle, join(stage, 'server'), { recursive: true });
// The validator prints its verdict once (packExtension validates again: its line is silenced);
// keep the console quiet when asked.
const log = console.log;
if (values.quiet) console.log = () => {};
let packages = [];
try {
  // The credential store's native modules, loaded by the bundle from server/node_modules (docs/runtime.md).
  packages = copyKeyringPackages(join(stage, 'server'), { log: (text) => process.stderr.write(`pack:mcpb: ${text}\n`) });
  if (!validateManifest(join(stage, 'manifest.json'))) throw new Error('manifest.json does not validate');
  console.log = () => {};
  if (!(await packExtension({ extensionPath: stage, outputPath: out, silent: true }))) throw new Error('mcpb pack failed');
} catch (error) {
  process.stderr.write(`pack:mcpb: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  console.log = log;
  rmSync(stage, { recursive: true, force: true });
}
if (process.exitCode !== 1 && !values.quiet) {
  const size = (statSync(out).size / 1_000_000).toFixed(1);
  process.stdout.write(
    `pack:mcpb: wrote ${out} (${size} MB; keyring modules: ${packages
      .slice(1)
      .map((name) => name.replace('@napi-rs/keyring-', ''))
      .join(', ')})\n`,
  );
}
