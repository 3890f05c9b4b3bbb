// Builds once when nothing changed: `npm run build` (or the first `npm test` / `npm run demo`) → the next ones reuse it.
//
//   node scripts/build-inputs.mjs ensure   runs `npm run build` unless dist/ was built from the
//                                          inputs as they are now
//   node scripts/build-inputs.mjs begin    (first step of `npm run build`) notes the inputs' digest
//   node scripts/build-inputs.mjs end      (last step of `npm run build`) records it as built
//
// The inputs: every script and TypeScript file in the folders tsconfig.json compiles, plus
// tsconfig.json, package.json and package-lock.json. The digest is taken before the build starts,
// so an edit made while a build runs still makes the next `ensure` build again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const built = join(dist, '.build-inputs');
const pending = join(dist, '.build-inputs.pending');
const SOURCE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;

/** Every build input, sorted, as paths relative to the project root. */
function inputs() {
  const { include } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  const found = ['tsconfig.json', 'package.json', 'package-lock.json'];
  const walk = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name)) found.push(relative(root, full));
    }
  };
  for (const folder of include) walk(join(root, folder));
  return found.sort();
}

/** One digest over every input's path and bytes. */
function digest() {
  const hash = createHash('sha256');
  for (const file of inputs())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

const upToDate = () => existsSync(join(dist, 'bundle', 'qiongli.mjs')) && existsSync(built) && readFileSync(built, 'utf8') === digest();

switch (process.argv[2]) {
  case 'begin':
    mkdirSync(dist, { recursive: true });
    rmSync(built, { force: true });
    writeFileSync(pending, digest());
    break;
  case 'end':
    renameSync(pending, built);
    break;
  // biome-ignore lint/suspicious/noFallthroughSwitchClause: process.exit ends this case
  case 'ensure': {
    if (upToDate()) break;
    const npm = process.env.npm_execpath;
    const run = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    process.exit(run.status ?? 1);
  }
  default:
    console.error('usage: node scripts/build-inputs.mjs ensure|begin|end');
    process.exit(2);
}
