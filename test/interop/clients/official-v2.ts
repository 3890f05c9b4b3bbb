import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { InteropClient, InteropConnection, InteropSession } from '../interop-session.js';
import { observe, seenInResult, serverCommand, textOfContents, type ServerProgram } from './server-command.js';

type Negotiation = { readonly legacy: string } | { readonly pin: string };

async function open(negotiation: Negotiation, configHome: string, program?: ServerProgram): Promise<InteropSession> {
  const options =
    'legacy' in negotiation
      ? { versionNegotiation: { mode: 'legacy' as const }, supportedProtocolVersions: [negotiation.legacy] }
      : { versionNegotiation: { mode: { pin: negotiation.pin } } };
  const client = new Client({ name: 'qiongli-interop', version: '1.0.0' }, options);
  await client.connect(new StdioClientTransport({ ...serverCommand(configHome, program), stderr: 'pipe' }));
  const call = (name: string, args: Record<string, unknown>) => observe(async () => seenInResult(await client.callTool({ name, arguments: args })));
  return {
    negotiated: client.getNegotiatedProtocolVersion(),
    listToolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
    call,
    callUnlisted: (name) => call(name, {}),
    readResource: async (uri) => textOfContents((await client.readResource({ uri })).contents),
    close: () => client.close(),
  };
}

const connection = (label: string, negotiation: Negotiation, expected: string): InteropConnection => ({
  label,
  expected,
  open: (configHome, program) => open(negotiation, configHome, program),
});

/** The official v2 client: every revision it can speak, chosen explicitly. */
export const OFFICIAL_V2: InteropClient = {
  packageName: '@modelcontextprotocol/client',
  validatesInputLocally: false,
  callsUnlistedTools: true,
  connections: [
    connection('pinned 2026-07-28', { pin: '2026-07-28' }, '2026-07-28'),
    connection('legacy 2025-03-26', { legacy: '2025-03-26' }, '2025-03-26'),
    connection('legacy 2025-06-18', { legacy: '2025-06-18' }, '2025-06-18'),
    connection('legacy 2025-11-25', { legacy: '2025-11-25' }, '2025-11-25'),
  ],
};
