import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { readAtMost } from './bounded-read.js';

/** One account of `/etc/passwd`: its name, uid and primary gid. */
export interface Account {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

/** One group of `/etc/group`: its gid and the names its member list holds. */
export interface Group {
  readonly gid: number;
  readonly members: readonly string[];
}

/**
 * The local account database the private-group rule consults (docs/configuration.md#unsafe-permissions).
 * Each list is `undefined` when it cannot be read or holds a line that cannot be understood: then
 * nothing can be proven, and a group-writable settings file or folder stays unsafe.
 */
export interface AccountDatabase {
  accounts(): Promise<readonly Account[] | undefined>;
  groups(): Promise<readonly Group[] | undefined>;
}

/** Largest `/etc/passwd` or `/etc/group` read: far beyond any local database, small enough to bound memory. */
const MAX_DATABASE_BYTES = 4 * 1024 * 1024;
const ID = /^\d{1,10}$/;

/**
 * Parses `/etc/passwd` (`name:password:uid:gid:gecos:home:shell`). Blank lines are skipped; a
 * line that is not seven fields with numeric ids — or a NIS `+`/`-` entry, which pulls in
 * accounts this file does not list — makes the whole database unknown.
 */
export function parseAccounts(text: string): Account[] | undefined {
  const accounts: Account[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const fields = line.split(':');
    const [name = '', , uid = '', gid = ''] = fields;
    if (fields.length !== 7 || name === '' || /^[+-]/.test(name) || !ID.test(uid) || !ID.test(gid)) return undefined;
    accounts.push({ name, uid: Number(uid), gid: Number(gid) });
  }
  return accounts;
}

/**
 * Parses `/etc/group` (`name:password:gid:member,member`). Blank lines are skipped; a line that
 * is not four fields with a numeric gid, or a NIS `+`/`-` entry, makes the whole database unknown.
 */
export function parseGroups(text: string): Group[] | undefined {
  const groups: Group[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const fields = line.split(':');
    const [name = '', , gid = '', members = ''] = fields;
    if (fields.length !== 4 || name === '' || /^[+-]/.test(name) || !ID.test(gid)) return undefined;
    groups.push({ gid: Number(gid), members: members.split(',').filter((member) => member !== '') });
  }
  return groups;
}

/** Reads one database file, bounded; `undefined` when it cannot be read or is too large. */
async function readDatabase(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const bytes = await readAtMost(handle, MAX_DATABASE_BYTES);
      return bytes === undefined ? undefined : new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } finally {
      await handle.close().catch(() => undefined);
    }
  } catch {
    return undefined;
  }
}

/**
 * This machine's local account database: `/etc/passwd` and `/etc/group`, each read once, on
 * first need (only a group-writable file or folder needs them). Accounts known only to a
 * network directory (LDAP, SSSD) are not seen; a group that only such a source knows is not
 * found, so the rule refuses rather than guesses.
 */
export function systemAccountDatabase(): AccountDatabase {
  let accounts: Promise<Account[] | undefined> | undefined;
  let groups: Promise<Group[] | undefined> | undefined;
  return {
    accounts: () => (accounts ??= readDatabase('/etc/passwd').then((text) => (text === undefined ? undefined : parseAccounts(text)))),
    groups: () => (groups ??= readDatabase('/etc/group').then((text) => (text === undefined ? undefined : parseGroups(text)))),
  };
}
