import type { Socket } from 'node:net';
import { type Call, methodCall, objectPaths, readMessages, type Reply } from './dbus-wire.js';
import { sessionBusPath } from './session-store-reachable.js';

/*
 * `@napi-rs/keyring` labels a Secret Service item `keyring:<account>@<service>` and offers no way
 * to choose the label. After a key is stored, this sets the item's `Label` property over the
 * session bus, the way any Secret Service client may (org.freedesktop.Secret.Item.Label is
 * read-write): a minimal D-Bus client — EXTERNAL authentication, `Hello`, `SearchItems` by the
 * attributes `service` and `username` (which stay as they are), `Properties.Set` on each unlocked
 * item found. Little-endian messages only, as every bus on the platforms Qiongli runs on speaks
 * them. Best effort: anything unexpected leaves the library's label.
 */

const SECRETS = 'org.freedesktop.secrets';

/** A connected, authenticated bus: `call` sends one method call and answers its reply. */
async function connect(socket: Socket): Promise<{ call: (call: Call) => Promise<Reply> }> {
  let buffered: Buffer = Buffer.alloc(0);
  const waiting = new Map<number, (reply: Reply) => void>();
  let authenticated: ((ok: boolean) => void) | undefined;
  const failAll = () => {
    authenticated?.(false);
    for (const settle of waiting.values()) settle({ type: 3, replyTo: undefined, body: Buffer.alloc(0) });
    waiting.clear();
  };
  socket.on('error', failAll);
  socket.on('close', failAll);
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    if (authenticated !== undefined) {
      const line = buffered.indexOf('\r\n');
      if (line < 0) return;
      const ok = buffered.toString('latin1', 0, line).startsWith('OK ');
      buffered = buffered.subarray(line + 2);
      authenticated(ok);
      authenticated = undefined;
      return;
    }
    const { messages, rest } = readMessages(buffered);
    buffered = rest;
    for (const message of messages) {
      const settle = message.replyTo === undefined ? undefined : waiting.get(message.replyTo);
      if (settle !== undefined && message.type !== 4) {
        waiting.delete(message.replyTo!);
        settle(message);
      }
    }
  });
  const ok = await new Promise<boolean>((resolve) => {
    authenticated = resolve;
    const uid = Buffer.from(String(process.getuid?.() ?? 0), 'latin1').toString('hex');
    socket.write(`\0AUTH EXTERNAL ${uid}\r\n`);
  });
  if (!ok) {
    socket.destroy();
    throw new Error('authentication');
  }
  socket.write('BEGIN\r\n');
  let serial = 0;
  const call = (message: Call): Promise<Reply> =>
    new Promise((resolve) => {
      serial += 1;
      waiting.set(serial, resolve);
      socket.write(methodCall(serial, message));
    });
  return { call };
}

/**
 * Sets the `Label` of the Secret Service items whose `service` and `username` are these to
 * `label`. Answers whether one was relabelled; never throws, ends within `timeoutMs`.
 */
export async function labelSecretServiceItem(service: string, username: string, label: string, timeoutMs = 2000): Promise<boolean> {
  const path = sessionBusPath({ platform: process.platform, env: process.env });
  if (path === undefined) return false;
  const socket: Socket = process.getBuiltinModule('node:net').createConnection({ path });
  let timeout: NodeJS.Timeout | undefined;
  const timer = new Promise<boolean>((resolve) => {
    timeout = setTimeout(() => resolve(false), timeoutMs);
  });
  const work = async (): Promise<boolean> => {
    const bus = await connect(socket);
    const hello = await bus.call({ path: '/org/freedesktop/DBus', iface: 'org.freedesktop.DBus', member: 'Hello', destination: 'org.freedesktop.DBus' });
    if (hello.type !== 2) return false;
    const found = await bus.call({
      path: '/org/freedesktop/secrets',
      iface: 'org.freedesktop.Secret.Service',
      member: 'SearchItems',
      destination: SECRETS,
      signature: 'a{ss}',
      body: (writer) => {
        const lengthAt = writer.uint32(0).length - 4;
        const start = writer.align(8).length;
        for (const [key, value] of [
          ['service', service],
          ['username', username],
        ] as const)
          writer.align(8).string(key).string(value);
        writer.patchUint32(lengthAt, writer.length - start);
      },
    });
    if (found.type !== 2) return false;
    let labelled = false;
    for (const item of objectPaths(found.body)) {
      const set = await bus.call({
        path: item,
        iface: 'org.freedesktop.DBus.Properties',
        member: 'Set',
        destination: SECRETS,
        signature: 'ssv',
        body: (writer) => writer.string('org.freedesktop.Secret.Item').string('Label').signature('s').string(label),
      });
      labelled ||= set.type === 2;
    }
    return labelled;
  };
  try {
    return await Promise.race([work().catch(() => false), timer]);
  } finally {
    clearTimeout(timeout);
    socket.destroy();
  }
}
