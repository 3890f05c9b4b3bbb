/** `14:05` of an instant in a time zone. */
const clockIn = (at: number, timeZone: string | undefined): string =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timeZone === undefined ? {} : { timeZone }) }).format(at);

/** The short name of this computer's time zone at an instant (`CET`, `GMT+8`), or `undefined`. */
const zoneName = (at: number): string | undefined =>
  new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;

/**
 * When the page closes, as a person reads it without a script: this computer's local time with
 * its zone, then UTC (`16:05 CEST (14:05 UTC)`); UTC alone where the computer keeps UTC. The
 * page is served by a process on the person's own computer, so its local time is theirs.
 */
export function closingTime(at: number): string {
  const utc = `${clockIn(at, 'UTC')} UTC`;
  const local = clockIn(at, undefined);
  const zone = zoneName(at);
  return local === clockIn(at, 'UTC') && (zone === 'UTC' || zone === 'GMT') ? utc : `${local}${zone === undefined ? '' : ` ${zone}`} (${utc})`;
}
