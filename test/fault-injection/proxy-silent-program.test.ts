import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { BUILT_BIN } from '../support/built-program.js';
import { call, initialize, initialized } from '../support/messages.js';
import { lines, parseLines, testEnv } from '../support/run-program.js';
import { startHostileProxy, type ProxyBehaviour } from '../support/hostile-proxies.js';
import { PROXY_HINT } from '../../src/domain/shared/provider-warnings.js';

const STANDARD = ['mcp', 'serve', '--profile', 'standard', '--transport', 'stdio'];

/** Longest a run may take: three networked tools through a proxy that never answers, then end of input. */
const WATCHDOG_MS = 45_000;

/**
 * Runs the built program with `HTTPS_PROXY` at `proxy`, sends a search, a references call and a
 * full-text read, and closes stdin at once (end of input). Resolves with the answers, the exit
 * code and how long the process lived; a process still alive after {@link WATCHDOG_MS} is killed.
 */
function runThrough(proxy: string): Promise<{ answers: any[]; code: number | null; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BUILT_BIN, ...STANDARD], {
      env: testEnv({ HTTPS_PROXY: proxy, HTTP_PROXY: proxy }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    const watchdog = setTimeout(() => child.kill('SIGKILL'), WATCHDOG_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(watchdog);
      resolve({ answers: parseLines(Buffer.concat(out)) as any[], code, ms: performance.now() - started });
    });
    child.stdin.end(
      lines(
        initialize(0),
        initialized,
        call(1, 'qiongli_literature_search', { query: 'silent proxy', providers: ['crossref', 'openalex'] }),
        call(2, 'qiongli_literature_references', { work: '10.1038/s42256-024-00832-8', providers: ['openalex', 'crossref'] }),
        call(3, 'qiongli_literature_read_fulltext', { work: '10.1038/s42256-024-00832-8' }),
      ),
    );
  });
}

const resultOf = (answers: any[], id: number) => answers.find((answer) => answer.id === id)?.result?.structuredContent;

describe('the built program behind a hostile proxy (issue 24, row 1; issue 25, row 7)', () => {
  for (const behaviour of ['tarpit', 'drip', 'closer'] as const satisfies readonly ProxyBehaviour[]) {
    it(`answers every networked tool and ends at end of input within seconds behind a ${behaviour} proxy`, { timeout: WATCHDOG_MS + 5000 }, async () => {
      const proxy = await startHostileProxy(behaviour);
      try {
        const { answers, code, ms } = await runThrough(proxy.url);
        assert.equal(code, 0, `exit code ${code} after ${Math.round(ms)} ms`);
        // The 3 s connect limit, once per tool (they run concurrently), plus start-up and exit.
        assert.ok(ms < 12_000, `the process lived ${Math.round(ms)} ms`);
        // Every tool words the failure the same way, with the proxy hint (issue 25, row 7).
        const search = resultOf(answers, 1);
        assert.equal(search?.diagnostics?.providers?.crossref?.warning, 'crossref: transport_error (proxy)');
        assert.ok(search?.diagnostics?.warnings?.includes(PROXY_HINT));
        const graph = resultOf(answers, 2);
        assert.equal(graph?.diagnostics?.providers?.openalex?.warning, 'openalex: transport_error (proxy)');
        assert.ok(graph?.diagnostics?.warnings?.includes(PROXY_HINT));
        const fullText = resultOf(answers, 3);
        assert.deepEqual(fullText?.attempts?.[0], { provider: 'europepmc', outcome: 'failed', error_kind: 'transport_error' });
        assert.match(fullText?.note ?? '', /\(europepmc: transport_error \(proxy\)\)\. A request could not pass the proxy: check HTTPS_PROXY/u);
        assert.ok(proxy.connections() < 30, `${proxy.connections()} connections to the proxy`);
      } finally {
        await proxy.close();
      }
    });
  }
});
