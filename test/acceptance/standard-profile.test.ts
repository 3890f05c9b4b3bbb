import { describe, it } from 'node:test';
import { createServer, type AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BUILT_BIN } from '../support/built-program.js';
import { BUILT_BINARY } from '../support/isolated-binary.js';
import { exchangeWith, isolatedConfigHome, testEnv } from '../support/run-program.js';
import { call, initialize } from '../support/messages.js';
import { rawExchange } from '../support/raw-http.js';
import { TOOL_NAMES } from '../../src/composition/tool-catalogue.js';

const STANDARD_ARGS = ['mcp', 'serve', '--profile', 'standard', '--transport', 'stdio'];

describe('qiongli mcp serve --profile standard, the built program (docs/command-line.md#profiles)', () => {
  it("serves Standard's identity and every granted tool, with nothing on stderr", async () => {
    const { responses, run } = await exchangeWith({ args: STANDARD_ARGS }, initialize(0, '2025-11-25'), { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
    assert.deepEqual(responses[0].result.serverInfo, { name: 'qiongli', title: 'Qiongli Standard', version: responses[0].result.serverInfo.version });
    assert.match(responses[0].result.instructions, /qiongli_configure_provider/);
    assert.deepEqual(
      responses[1].result.tools.map((tool: { name: string }) => tool.name),
      [...TOOL_NAMES],
    );
  });

  it('refuses an API key in the save tool with use-setup-page, and never echoes it', async () => {
    const key = 'KEY-IN-A-TOOL-ARGUMENT-1234';
    const { responses, run } = await exchangeWith(
      { args: STANDARD_ARGS },
      initialize(0, '2025-11-25'),
      call(1, 'qiongli_save_provider_config', { provider: 'pubmed', field: 'api_key', value: key }),
    );
    const error = JSON.parse(responses[1].result.content[0].text);
    assert.equal(error.reason_code, 'use-setup-page');
    assert.ok(!run.stdout.toString('utf8').includes(key) && !run.stderr.includes(key));
  });

  it('gives a client without URL mode the address in the result only; the process serves the page until the session ends', async () => {
    const client = new Client({ name: 'no-url-mode', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_BIN, ...STANDARD_ARGS],
      env: testEnv() as Record<string, string>,
      stderr: 'pipe',
    });
    const stderr: Buffer[] = [];
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    const requests: string[] = [];
    client.fallbackRequestHandler = async (request) => {
      requests.push(request.method);
      return {};
    };
    await client.connect(transport);
    await client.listTools();
    const result = await client.callTool({ name: 'qiongli_configure_provider', arguments: { provider: 'pubmed' } });
    const value = result.structuredContent as Record<string, string>;
    assert.equal(value.client_prompt, 'not_offered');
    assert.equal(value.provider, 'pubmed');
    assert.match(value.url ?? '', /^http:\/\/127\.0\.0\.1:\d+\/start\?token=[A-Za-z0-9_-]{43}$/);
    assert.ok(value.message?.includes(value.url ?? '-'), 'the message gives the address to say');
    assert.deepEqual(requests, [], 'no request was sent to the client');
    const port = Number(new URL(value.url ?? '').port);
    const answer = await rawExchange(port, [
      `GET /start?token=${new URL(value.url ?? '').searchParams.get('token')} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    ]);
    assert.equal(answer !== 'refused' && answer.status, 303);
    const again = await client.callTool({ name: 'qiongli_open_config_wizard', arguments: {} });
    assert.equal((again.structuredContent as Record<string, string>).status, 'already_running');
    assert.equal((again.structuredContent as Record<string, string>).url, `http://127.0.0.1:${port}/`);
    await client.close();
    let after = await rawExchange(port, ['GET / HTTP/1.1\r\n\r\n'], 300);
    for (let attempt = 0; after !== 'refused' && attempt < 50; attempt++) after = await rawExchange(port, ['GET / HTTP/1.1\r\n\r\n'], 300);
    assert.equal(after, 'refused', 'the page ended with the process');
    assert.equal(Buffer.concat(stderr).toString('utf8'), '');
  });

  it('answers setup-page-unavailable when the requested port is taken, and keeps serving', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const { responses, run } = await exchangeWith(
        { args: STANDARD_ARGS, env: testEnv({ QIONGLI_CONFIG_HOME: isolatedConfigHome() }) },
        initialize(0, '2025-11-25'),
        call(1, 'qiongli_configure_provider', { port }),
        { jsonrpc: '2.0', id: 2, method: 'ping' },
      );
      const byId = (id: number) => responses.find((response) => response.id === id);
      assert.deepEqual(JSON.parse(byId(1).result.content[0].text), {
        status: 'error',
        error_kind: 'tool_error',
        reason_code: 'setup-page-unavailable',
        message: 'the setup page could not listen on the requested port',
      });
      assert.deepEqual(byId(2).result, {});
      assert.equal(run.stderr, '');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('serves the page from the single executable too: the page adapter loads on the first configure', { timeout: 60_000 }, async () => {
    assert.ok(existsSync(BUILT_BINARY), `${BUILT_BINARY} is missing: npm test builds it (npm run build:binary)`);
    const child = spawn(BUILT_BINARY, STANDARD_ARGS, { env: testEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const answered = new Promise<any>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        const found = stdout
          .split('\n')
          .filter(Boolean)
          .map((text) => JSON.parse(text))
          .find((message) => message.id === 1);
        if (found) resolve(found);
      }),
    );
    child.stdin.write(`${JSON.stringify(initialize(0, '2025-11-25'))}\n${JSON.stringify(call(1, 'qiongli_configure_provider', { provider: 'crossref' }))}\n`);
    const value = (await answered).result.structuredContent;
    assert.equal(value.status, 'ready');
    const url = new URL(value.url);
    const answer = await rawExchange(Number(url.port), [`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`]);
    assert.equal(answer !== 'refused' && answer.status, 303);
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 0);
    assert.equal(stderr, '');
  });
});
