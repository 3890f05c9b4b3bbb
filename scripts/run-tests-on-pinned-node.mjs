#!/usr/bin/env node
// `npm run test:pinned`: runs the compiled test suite (scripts/run-tests.mjs) on the pinned
// Node.js LTS (scripts/pinned-node.json), fetched and verified from the npm registry by
// scripts/pinned-node.mjs — the same runtime the binary embeds. Every program the tests start
// through process.execPath (the bundle, the benchmark servers) then runs on it as well.
//
//   node scripts/run-tests-on-pinned-node.mjs [path-substring]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensurePinnedNode } from './pinned-node.mjs';

const node = await ensurePinnedNode(undefined, { log: (text) => process.stderr.write(`${text}\n`) });
const runner = fileURLToPath(new URL('run-tests.mjs', import.meta.url));
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
process.stdout.write(`running the test suite on the pinned Node.js ${version} (${node})\n`);
const result = spawnSync(node, [runner, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
