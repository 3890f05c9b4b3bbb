import { failure, success, type Result } from '../../domain/shared/result.js';
import type { AccountDatabase } from './account-database.js';

/** How strictly ownership and permissions are checked. */
export interface FileSafetyPolicy {
  /** Whether POSIX permission bits exist (false on Windows: then nothing here applies). */
  readonly posixModes: boolean;
  /** The uid the process runs as, when known; files and folders must be owned by it or by root. */
  readonly currentUid: number | undefined;
  /** Consulted only for a group-writable file or folder (the private-group rule). */
  readonly accounts: AccountDatabase;
}

/** The parts of a file's status the rule reads. */
export interface Ownership {
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
}

/** Safe, or why not (for `qiongli config check`; never shown over MCP). */
export type OwnershipVerdict = Result<undefined, string>;

const SAFE: OwnershipVerdict = success(undefined);
const WORLD_WRITABLE = 0o002;
const GROUP_WRITABLE = 0o020;

const unsafe = (detail: string): OwnershipVerdict => failure(detail);

/**
 * Whether a settings file or folder can be changed by no one but its owner
 * (docs/configuration.md#unsafe-permissions), as OpenSSH decides with Debian's
 * "user-group-modes" patch:
 *
 * - owned by the current user or by root, else unsafe;
 * - never writable by others ("world");
 * - writable by its group only when that group is the owner's *private* group: the owner's
 *   primary group, whose member list names no one else and which no other account has as its
 *   primary group (Debian, Ubuntu and Fedora give every user one, with umask 002);
 * - anything that cannot be determined (the owner or the group not in the local database, the
 *   database unreadable) is unsafe.
 *
 * Without POSIX modes (Windows) everything is safe here: the user's profile folder is private
 * by its access-control list. Never throws.
 */
export async function judgeOwnership(stats: Ownership, policy: FileSafetyPolicy): Promise<OwnershipVerdict> {
  if (!policy.posixModes) return SAFE;
  if (policy.currentUid !== undefined && stats.uid !== policy.currentUid && stats.uid !== 0) {
    return unsafe(`it is owned by another user (uid ${stats.uid}); it must be yours (uid ${policy.currentUid}) or root's`);
  }
  if ((stats.mode & WORLD_WRITABLE) !== 0) return unsafe('every user can write to it (world-writable); remove that with chmod o-w');
  if ((stats.mode & GROUP_WRITABLE) === 0) return SAFE;
  const why = await whyNotPrivateGroup(stats.uid, stats.gid, policy.accounts).catch(() => 'the account database could not be read');
  return why === undefined
    ? SAFE
    : unsafe(`its group (gid ${stats.gid}) can write to it, and ${why}; remove that with chmod g-w, or give it your private group`);
}

/** `undefined` when `gid` is the private group of the account `uid`; otherwise why it is not (or cannot be shown to be). */
async function whyNotPrivateGroup(uid: number, gid: number, database: AccountDatabase): Promise<string | undefined> {
  const [accounts, groups] = await Promise.all([database.accounts(), database.groups()]);
  if (accounts === undefined || groups === undefined) return 'the local account database (/etc/passwd, /etc/group) cannot be read';
  const owner = accounts.find((account) => account.uid === uid);
  if (owner === undefined) return `the owner (uid ${uid}) is not in /etc/passwd`;
  if (owner.gid !== gid) return "it is not the owner's primary group";
  const group = groups.find((candidate) => candidate.gid === gid);
  if (group === undefined) return 'the group is not in /etc/group';
  const ownerNames = new Set(accounts.filter((account) => account.uid === uid).map((account) => account.name));
  if (group.members.some((member) => !ownerNames.has(member))) return 'the group has other members';
  if (accounts.some((account) => account.gid === gid && account.uid !== uid)) return 'another account has it as its primary group';
  return undefined;
}
