#!/usr/bin/env node
// A smoke test of Qiongli on the Windows build of Node.js, run under wine on Linux
// (`apt-get install wine64`; not part of CI: wine is large). It checks what differs on Windows:
// CRLF input, the %APPDATA%\qiongli settings location, a QIONGLI_CONFIG_HOME given as a Windows
// path, the `win-x64` runtime name, exit code 0 and an empty stderr at end of input — for the
// bundle run by node.exe, and for dist/binary/qiongli.exe when
// `node scripts/build-binary.mjs --target win-x64-wine` has built it.
//
// Wine 8 cannot run Node 24 (V8 reserves its pointer tables with Windows memory APIs that wine
// lacks), so this uses the Windows build of Node 22 pinned as `win-x64-wine`. Under wine, Node's
// stdio must be files, not pipes (scripts/target-runner.mjs). docs/runtime.md says what stays
// untested.
//
//   node scripts/smoke-windows.mjs        (after `npm run build`)
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_DIR, ensurePinnedNode, REPO_ROOT } from './pinned-node.mjs';
import { targetRunner } from './target-runner.mjs';

const SERVE = ['mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'];
const failures = [];
const check = (ok, text) => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${text}\n`);
  if (!ok) failures.push(text);
};

let run;
try {
  run = targetRunner('win-x64-wine');
} catch (error) {
  process.stderr.write(`smoke-windows: ${error.message}\n`);
  process.exit(2);
}
const node = await ensurePinnedNode('win-x64-wine', { log: (text) => process.stderr.write(`${text}\n`) });
const work = mkdtempSync(join(tmpdir(), 'qiongli-windows-'));
const session = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'smoke', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'qiongli_config_status', arguments: {} } },
  {
    jsonrpc: '2.0',
    id: 4,
    method: 'tools/call',
    params: { name: 'qiongli_task_plan', arguments: { task_id: 'T-1', paper_type: 'review', topic: 'open science' } },
  },
];
const input = join(work, 'in.txt');
writeFileSync(input, session.map((message) => `${JSON.stringify(message)}\r\n`).join(''));
const settings = JSON.stringify({
  document_kind: 'qiongli-global-settings',
  schema_version: 1,
  revision: 1,
  providers: { crossref: { enabled: true, email: 'reader@example.org' } },
});
const appData = join(CACHE_DIR, '..', 'wine', 'drive_c', 'users', process.env.USER ?? 'root', 'AppData', 'Roaming', 'qiongli');

/** Every check for one way of starting the server (`command` = executable + leading arguments). */
function smoke(label, [executable, ...leading]) {
  const version = run(executable, [...leading, '--version']);
  check(
    /^qiongli \S+ \(node v\d+\.\d+\.\d+, win-x64\)\r?\n$/.test(version.stdout),
    `${label}: --version names the Windows runtime: ${JSON.stringify(version.stdout)}`,
  );
  const serve = (env) => {
    const result = run(executable, [...leading, ...SERVE], { input, env });
    const byId = new Map(
      result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .map((response) => [response.id, response]),
    );
    return { ...result, byId };
  };
  mkdirSync(appData, { recursive: true });
  writeFileSync(join(appData, 'settings.json'), settings);
  const first = serve({});
  rmSync(appData, { recursive: true, force: true });
  check(first.status === 0 && first.stderr === '', `${label}: exit 0 and an empty stderr at end of input (exit ${first.status})`);
  check(first.byId.get(1)?.result?.serverInfo?.name === 'qiongli', `${label}: initialize answered over CRLF-terminated lines`);
  check(first.byId.get(2)?.result?.tools?.length === 12, `${label}: tools/list lists 12 tools`);
  check(first.byId.get(3)?.result?.structuredContent?.providers?.crossref === 'configured', `${label}: settings read from %APPDATA%\\qiongli\\settings.json`);
  check(first.byId.get(4)?.result?.structuredContent?.preview_only === true, `${label}: task plan preview answered`);
  const home = mkdtempSync(join(work, 'config-'));
  writeFileSync(join(home, 'settings.json'), settings);
  const windowsHome = `Z:${home.replaceAll('/', '\\')}`;
  const second = serve({ QIONGLI_CONFIG_HOME: windowsHome });
  check(
    second.status === 0 && second.byId.get(3)?.result?.structuredContent?.providers?.crossref === 'configured',
    `${label}: settings read from QIONGLI_CONFIG_HOME=${windowsHome}`,
  );
}

try {
  cpSync(join(REPO_ROOT, 'dist', 'bundle'), join(work, 'bundle'), { recursive: true });
  smoke('bundle on node.exe', [node, join(work, 'bundle', 'qiongli.mjs')]);
  const exe = join(REPO_ROOT, 'dist', 'binary', 'qiongli.exe');
  if (existsSync(exe)) {
    cpSync(exe, join(work, 'qiongli.exe'));
    smoke('qiongli.exe', [join(work, 'qiongli.exe')]);
  } else process.stdout.write('skip qiongli.exe: not built (node scripts/build-binary.mjs --target win-x64-wine)\n');
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(failures.length === 0 ? 'smoke-windows: all checks passed\n' : `smoke-windows: ${failures.length} check(s) failed\n`);
process.exit(failures.length === 0 ? 0 : 1);
