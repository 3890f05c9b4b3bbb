#!/usr/bin/env node
// `npm run test:pinned`: runs the compiled test suite (scripts/run-tests.mjs) on the pinned
// Node.js LTS (scripts/pinned-node.json), fetched and verified from the npm registry by
// scripts/pinned-node.mjs — the same runtime the binary embeds. Every program the tests start
// through process.execPath (the bundle, the benchmark servers) then runs on it as well.
// This run also drives the client majors that need Node 22 or later (dist/test/interop-lts/),
// installing them first into test/interop-lts/ when they are not (scripts/install-lts-clients.mjs).
//
//   node scripts/run-tests-on-pinned-node.mjs [path-substring]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePinnedNode } from './pinned-node.mjs';
import { ensureLtsClients } from './install-lts-clients.mjs';

const log = (text) => process.stderr.write(`${text}\n`);
const node = await ensurePinnedNode(undefined, { log });
const filter = process.argv[2];
// Install the Node 22+ clients only when the run includes one of their test files.
const ltsTests = fileURLToPath(new URL('../dist/test/interop-lts/', import.meta.url));
const ltsFiles = existsSync(ltsTests) ? readdirSync(ltsTests).filter((name) => name.endsWith('.test.js')) : [];
if (ltsFiles.some((name) => !filter || join(ltsTests, name).includes(filter))) await ensureLtsClients({ node, log });
const runner = fileURLToPath(new URL('run-tests.mjs', import.meta.url));
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
process.stdout.write(`running the test suite on the pinned Node.js ${version} (${node})\n`);
const result = spawnSync(node, [runner, '--lts-clients', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
