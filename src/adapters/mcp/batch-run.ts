import { BatchAnswer } from './batch-answer.js';
import type { InflightBound } from './inflight-bound.js';
import { isValidId, tooLargeFrame } from './json-rpc.js';
import { LIMITS } from './protocol-constants.js';

/** What running one batch needs from its connection. */
export interface BatchElements {
  /** Admits and handles one element: its answer now, none, or later. */
  handle(item: unknown): string | null | Promise<string | null>;
  /** Sends the batch's answer array (its UTF-8 bytes). */
  send(frame: Uint8Array): void;
  /** The connection's in-flight bound, which batch elements count against. */
  readonly bound: InflightBound;
}

/** The id an element's error answers echo: its id when valid, else null (like admission). */
const echoedId = (item: unknown): string | number | null => {
  const id = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as { id?: unknown }).id : undefined;
  return isValidId(id) ? id : null;
};

/**
 * Runs a batch's elements in order and sends their answers as one array, bounded at 8 MiB
 * (see {@link BatchAnswer}). Each element whose answer is pending counts against the
 * in-flight bound like a single request; an element that would start past the bound waits
 * until there is room, and the elements after it wait behind it, so order is kept. No array
 * is sent when no element answers.
 */
export function runBatch(items: readonly unknown[], elements: BatchElements): void {
  const answer = new BatchAnswer(
    items.map((item) => tooLargeFrame(echoedId(item))),
    LIMITS.maxResponseBytes,
  );
  const sendWhenComplete = (): void => {
    const frame = answer.encode();
    if (frame !== null) elements.send(frame);
  };
  let next = 0;
  const startElements = (): void => {
    while (next < items.length) {
      if (!elements.bound.hasRoom) return elements.bound.whenRoom(startElements);
      const index = next++;
      const reply = elements.handle(items[index]);
      if (!(reply instanceof Promise)) answer.record(index, reply);
      else
        elements.bound.track(reply, (frame) => {
          answer.record(index, frame);
          sendWhenComplete();
        });
    }
    sendWhenComplete();
  };
  startElements();
}
