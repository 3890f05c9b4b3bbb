import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CallControl } from '../../../src/adapters/mcp/call-control.js';

describe('call control (docs/protocol.md#in-both-eras cancellation)', () => {
  it('hands out one signal per call, aborted by cancel', () => {
    const control = new CallControl();
    const signal = control.signal;
    assert.equal(control.signal, signal);
    assert.equal(signal.aborted, false);
    control.cancel();
    assert.equal(signal.aborted, true);
    assert.equal(control.cancelled, true);
  });

  it('gives an already aborted signal to a tool that reads it after cancellation', () => {
    const control = new CallControl();
    control.cancel();
    assert.equal(control.signal.aborted, true);
  });

  it('gives separate calls separate signals', () => {
    assert.notEqual(new CallControl().signal, new CallControl().signal);
  });
});
