import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PROJECT_ROOT, SERVE_ARGS } from '../support/built-program.js';
import { isolatedConfigHome, lines, parseLines } from '../support/run-program.js';
import { startPrivateSecretService } from '../support/private-secret-service.js';
import { nativeModuleArch } from '../support/native-module-arch.js';
import { call, initialize, initialized, request } from '../support/messages.js';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';

const execFileAsync = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'qiongli-distribution-'));
after(() => rmSync(work, { recursive: true, force: true }));
const readJson = (path: string): any => JSON.parse(readFileSync(path, 'utf8'));
const PACKAGE = readJson(join(PROJECT_ROOT, 'package.json'));
/** A PATH on which `node` is the Node running these tests (as an MCP host's own Node would be). */
const NODE_PATH = dirname(process.execPath);

/** npm: the one running `npm test` when there is one, else `npm` on PATH. */
function npm(args: string[], cwd: string): Promise<{ stdout: string }> {
  const viaNpm = process.env.npm_execpath?.endsWith('.js') === true;
  const [command, prefix] = viaNpm ? [process.execPath, [process.env.npm_execpath!]] : ['npm', []];
  return execFileAsync(command, [...prefix, ...args], { cwd, env: { ...process.env, npm_config_update_notifier: 'false' }, maxBuffer: 16 * 1024 * 1024 });
}

/** Starts a server command, sends the messages, and returns its answers once it exits. */
function serve(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  input: string,
): Promise<{ code: number | null; stderr: string; responses: any[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr: Buffer.concat(err).toString('utf8'), responses: parseLines(Buffer.concat(out)) as any[] }));
    child.stdin.end(input);
  });
}

/** Runs `action` with console.log silenced (the mcpb library reports its verdicts there). */
async function quietly<T>(action: () => Promise<T> | T): Promise<T> {
  const log = console.log;
  console.log = () => undefined;
  try {
    return await action();
  } finally {
    console.log = log;
  }
}

/** `config set-key` run from the unpacked bundle stores into a real Secret Service: it loads the keyring module it carries. */
async function keyFromTheBundledNativeModule(unpacked: string): Promise<void> {
  assert.ok(existsSync(join(unpacked, 'server', 'node_modules', '@napi-rs', 'keyring', 'package.json')), 'the bundle carries @napi-rs/keyring');
  const service = await startPrivateSecretService();
  try {
    const home = isolatedConfigHome();
    const status = await promisify(execFile)(process.execPath, [join(unpacked, 'server', 'qiongli.mjs'), 'config', 'status'], {
      env: { ...service.env, QIONGLI_CONFIG_HOME: home },
      cwd: unpacked,
    });
    assert.match(status.stdout, /credential store: reachable/);
    const stored = spawn(process.execPath, [join(unpacked, 'server', 'qiongli.mjs'), 'config', 'set-key', 'openalex'], {
      env: { ...service.env, QIONGLI_CONFIG_HOME: home },
      cwd: unpacked,
    });
    stored.stdin.end('qiongli-mcpb-canary\n');
    assert.equal(await new Promise((resolve) => stored.on('close', resolve)), 0);
    const reference = readJson(join(home, 'settings.json')).providers.openalex.api_key_ref;
    assert.equal(service.lookup(reference), 'qiongli-mcpb-canary');
  } finally {
    await service.stop();
  }
}

/** The bundle holds, for each platform manifest.json claims, the keyring module of each architecture, each really built for it (issue 25, row 3). */
function nativeModulesForEveryPlatform(unpacked: string, platforms: readonly string[]): void {
  const scope = join(unpacked, 'server', 'node_modules', '@napi-rs');
  const held = readdirSync(scope)
    .filter((name) => name.startsWith('keyring-'))
    .flatMap((name) =>
      readdirSync(join(scope, name))
        .filter((file) => file.endsWith('.node'))
        .map((file) => join(scope, name, file)),
    )
    .map((file) => nativeModuleArch(file));
  const expected = platforms.flatMap((os) => ['x64', 'arm64'].map((cpu) => ({ os, cpu })));
  const key = (arch: { os: string; cpu: string } | undefined) => `${arch?.os}-${arch?.cpu}`;
  assert.deepEqual(held.map(key).sort(), expected.map(key).sort(), 'one keyring module per platform and architecture, each built for it');
}

describe('the MCP Bundle (npm run pack:mcpb)', () => {
  it('validates, and its server starts from the unpacked bundle exactly as manifest.json says, with the settings folder the user chose', {
    timeout: 60_000,
  }, async () => {
    const mcpbFile = join(work, 'qiongli.mcpb');
    await execFileAsync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'pack-mcpb.mjs'), '--out', mcpbFile, '--quiet']);
    const mcpb = await import('@anthropic-ai/mcpb');
    const unpacked = join(work, 'unpacked');
    assert.equal(await quietly(() => mcpb.unpackExtension({ mcpbPath: mcpbFile, outputDir: unpacked, silent: true })), true);
    assert.equal(await quietly(() => mcpb.validateManifest(join(unpacked, 'manifest.json'))), true);
    const manifest = readJson(join(unpacked, 'manifest.json'));
    assert.equal(manifest.version, PACKAGE.version);
    assert.ok(existsSync(join(unpacked, manifest.server.entry_point)), 'the entry point is in the bundle');
    assert.deepEqual(manifest.compatibility.platforms, ['darwin', 'win32', 'linux']);
    nativeModulesForEveryPlatform(unpacked, manifest.compatibility.platforms);
    await keyFromTheBundledNativeModule(unpacked);

    // The host's own substitution: no settings folder chosen → QIONGLI_CONFIG_HOME is empty, which means the platform default.
    const resolve = (userConfig: Record<string, string>) =>
      mcpb.getMcpConfigForManifest({ manifest, extensionPath: unpacked, systemDirs: { HOME: work }, userConfig, pathSeparator: sep });
    assert.equal((await resolve({}))?.env?.['QIONGLI_CONFIG_HOME'], '');
    const settingsFolder = isolatedConfigHome();
    writeFileSync(
      join(settingsFolder, 'settings.json'),
      JSON.stringify({
        document_kind: 'qiongli-global-settings',
        schema_version: 1,
        revision: 1,
        providers: { crossref: { enabled: true, email: 'reader@example.org' } },
      }),
      { mode: 0o600 },
    );
    const config = (await resolve({ config_home: settingsFolder }))!;
    assert.equal(config.env?.['QIONGLI_CONFIG_HOME'], settingsFolder);

    const run = await serve(
      config.command,
      config.args ?? [],
      { PATH: NODE_PATH, ...config.env },
      lines(initialize(1), initialized, request(2, 'tools/list'), call(3, 'qiongli_config_status', {})),
    );
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
    const tools = run.responses.find((response) => response.id === 2).result.tools;
    assert.deepEqual(
      config.args?.slice(-5),
      ['serve', '--profile', 'standard', '--transport', 'stdio'],
      'Claude Desktop users have no terminal: the bundle runs Standard',
    );
    assert.equal(run.responses.find((response) => response.id === 1).result.serverInfo.title, 'Qiongli Standard');
    assert.deepEqual(
      manifest.tools.map((tool: { name: string }) => tool.name),
      [
        ...FROZEN_TOOL_ORDER,
        'qiongli_literature_references',
        'qiongli_literature_citations',
        'qiongli_literature_read_fulltext',
        'qiongli_literature_check_references',
        'qiongli_zotero_save',
      ],
      'the manifest lists the served tools in order',
    );
    assert.deepEqual(
      manifest.tools.map((tool: { description: string }) => tool.description),
      tools.map((tool: { title: string }) => tool.title),
      'each described by its served title',
    );
    assert.equal(
      run.responses.find((response) => response.id === 3).result.structuredContent.providers.crossref,
      'configured',
      'the settings folder chosen in the host is the one read',
    );
  });
});

describe('the MCP registry entry (server.json)', () => {
  it('follows the registry schema rules and names the npm package through package.json mcpName', async () => {
    const { serverJsonProblems } = (await import(pathToFileURL(join(PROJECT_ROOT, 'scripts', 'check-server-json.mjs')).href)) as {
      serverJsonProblems: (server: unknown, pkg: unknown) => string[];
    };
    const server = readJson(join(PROJECT_ROOT, 'server.json'));
    assert.deepEqual(serverJsonProblems(server, PACKAGE), []);
    assert.match(PACKAGE.mcpName, /^io\.github\.[^/]+\/qiongli$/);
    // The check can fail: a description over 100 characters and a version range are refused.
    const broken = { ...server, description: 'x'.repeat(101), packages: [{ ...server.packages[0], version: '^0.1.0' }] };
    assert.equal(serverJsonProblems(broken, PACKAGE).length, 2);
  });
});

/**
 * An empty project that depends on the tarball, with a lockfile naming every runtime dependency
 * exactly as this repository's lockfile does, so `npm ci --offline` needs nothing but the npm
 * cache: a global install of a tarball asks the registry for the dependencies' metadata, which
 * a test must not do.
 */
function projectUsing(tarball: string, integrity: string): string {
  const dir = join(work, 'install');
  const lock = readJson(join(PROJECT_ROOT, 'package-lock.json'));
  const runtime = Object.entries(lock.packages as Record<string, any>).filter(([path, entry]) => path !== '' && !entry.dev && !entry.devOptional);
  const root = { name: 'qiongli-install-check', version: '1.0.0', private: true, dependencies: { qiongli: `file:${tarball}` } };
  const qiongli = {
    version: PACKAGE.version,
    resolved: `file:${tarball}`,
    integrity,
    license: PACKAGE.license,
    dependencies: PACKAGE.dependencies,
    bin: PACKAGE.bin,
    engines: PACKAGE.engines,
  };
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(root));
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ ...root, lockfileVersion: 3, requires: true, packages: { '': root, 'node_modules/qiongli': qiongli, ...Object.fromEntries(runtime) } }),
  );
  return dir;
}

describe('the npm package (npm pack)', () => {
  it('holds the bundle and the licence, installs offline into an empty project, and its qiongli command serves', { timeout: 120_000 }, async () => {
    // A plain `npm pack` in the clone writes under dist/ (.npmrc), not beside the sources (issue 25, row 10).
    assert.equal((await npm(['config', 'get', 'pack-destination'], PROJECT_ROOT)).stdout.trim(), 'dist');
    const { stdout } = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], PROJECT_ROOT);
    const [packed] = JSON.parse(stdout) as { filename: string; integrity: string; files: { path: string }[] }[];
    const files = packed!.files.map((file) => file.path);
    for (const needed of ['package.json', 'LICENSE', 'README.md', 'dist/bundle/qiongli.mjs']) assert.ok(files.includes(needed), `the tarball holds ${needed}`);
    assert.ok(!files.some((file) => /^(dist\/(test|binary)|\.cache|scripts)\//.test(file)), 'no tests, binaries, caches or build scripts in the tarball');

    const project = projectUsing(join(work, packed!.filename), packed!.integrity);
    await npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], project);
    const command = join(project, 'node_modules', '.bin', 'qiongli');
    const run = await serve(
      command,
      SERVE_ARGS,
      { PATH: NODE_PATH, QIONGLI_CONFIG_HOME: isolatedConfigHome() },
      lines(initialize(1), initialized, request(2, 'tools/list')),
    );
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
    assert.equal(run.responses.find((response) => response.id === 1).result.serverInfo.version, PACKAGE.version);
    assert.equal(run.responses.find((response) => response.id === 2).result.tools.length, 12);
  });
});
