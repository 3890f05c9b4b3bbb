import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestPacer } from '../../../src/adapters/provider-http/pacing.js';

/** The wait before a reserved start, as a number (`undefined`: nothing reserved). */
const waitFor = (pacer: RequestPacer, lane: string, interval: number, now: number, latest: number): number | undefined => {
  const slot = pacer.reserve(lane, interval, now, latest);
  return slot === undefined ? undefined : slot.start - now;
};

describe('Request pacing (docs/providers.md#requests)', () => {
  it('lets the first request start at once and queues the next ones one interval apart', () => {
    const pacer = new RequestPacer();
    assert.equal(waitFor(pacer, 'arxiv', 3000, 0, 15_000), 0);
    assert.equal(waitFor(pacer, 'arxiv', 3000, 0, 15_000), 3000);
    assert.equal(waitFor(pacer, 'arxiv', 3000, 1000, 16_000), 5000);
  });

  it('needs no wait once the interval has passed', () => {
    const pacer = new RequestPacer();
    pacer.reserve('crossref', 1000, 0, 15_000);
    assert.equal(waitFor(pacer, 'crossref', 1000, 2500, 17_500), 0);
  });

  it('paces each provider separately', () => {
    const pacer = new RequestPacer();
    pacer.reserve('arxiv', 3000, 0, 15_000);
    assert.equal(waitFor(pacer, 'crossref', 1000, 0, 15_000), 0);
  });

  it('reserves nothing when the start would fall after the latest allowed start', () => {
    const pacer = new RequestPacer();
    pacer.reserve('arxiv', 3000, 0, 15_000);
    assert.equal(waitFor(pacer, 'arxiv', 3000, 0, 2999), undefined);
    assert.equal(waitFor(pacer, 'arxiv', 3000, 0, 3000), 3000);
  });

  it('a start given back (the request never reached the provider) moves every waiting start up and wakes the waiters (issue 19)', () => {
    const pacer = new RequestPacer();
    const first = pacer.reserve('arxiv', 3000, 0, 15_000)!;
    const queued = [1, 2, 3].map(() => pacer.reserve('arxiv', 3000, 0, 15_000)!);
    assert.deepEqual(
      queued.map((slot) => slot.start),
      [3000, 6000, 9000],
    );
    pacer.sent('arxiv', first, 3000, 0);
    const moved = pacer.movedSignal('arxiv', 50);
    pacer.giveBack('arxiv', first, 3000, 50);
    assert.ok(moved.aborted);
    assert.deepEqual(
      queued.map((slot) => slot.start),
      [50, 3050, 6050],
    );
    assert.equal(waitFor(pacer, 'arxiv', 3000, 60, 15_000), 9050 - 60);
  });

  it('a start given back never brings the next one closer than an interval to a start that counted', () => {
    const pacer = new RequestPacer();
    const counted = pacer.reserve('arxiv', 3000, 0, 15_000)!;
    pacer.sent('arxiv', counted, 3000, 0);
    const failing = pacer.reserve('arxiv', 3000, 0, 15_000)!;
    pacer.sent('arxiv', failing, 3000, 3000);
    const waiting = pacer.reserve('arxiv', 3000, 3000, 18_000)!;
    assert.equal(waiting.start, 6000);
    pacer.giveBack('arxiv', failing, 3000, 3100);
    assert.equal(waiting.start, 3100);
    // Given back twice, or a slot that was never sent: nothing moves.
    pacer.giveBack('arxiv', failing, 3000, 3200);
    pacer.giveBack('arxiv', waiting, 3000, 3200);
    assert.equal(waiting.start, 3100);
  });
});
