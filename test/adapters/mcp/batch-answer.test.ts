import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { BatchAnswer } from '../../../src/adapters/mcp/batch-answer.js';
import { tooLargeFrame } from '../../../src/adapters/mcp/json-rpc.js';

const LIMIT = 4000;
/** An answer of about `size` bytes for element `id` (some of them multi-byte). */
const answerOf = (id: number, size: number, wide: boolean) =>
  `{"jsonrpc":"2.0","id":${id},"result":{"t":"${(wide ? 'é' : 'x').repeat(wide ? Math.ceil(size / 2) : size)}"}}`;

const batch = fc.array(fc.record({ size: fc.nat({ max: 2500 }), wide: fc.boolean(), silent: fc.boolean() }), { minLength: 1, maxLength: 12 });

function run(elements: { size: number; wide: boolean; silent: boolean }[], order: number[]) {
  const answer = new BatchAnswer(
    elements.map((_, id) => tooLargeFrame(id)),
    LIMIT,
  );
  for (const index of order) {
    const element = elements[index]!;
    answer.record(index, element.silent ? null : answerOf(index, element.size, element.wide));
  }
  return answer.encode()?.toString() ?? null;
}

describe('BatchAnswer: the answer array bounded in bytes', () => {
  it('never exceeds the bound and answers every answering element, in element order, whatever the settle order', () => {
    fc.assert(
      fc.property(
        batch.chain((elements) => fc.tuple(fc.constant(elements), fc.shuffledSubarray([...elements.keys()], { minLength: elements.length }))),
        ([elements, order]) => {
          const encoded = run(elements, order);
          const answering = elements.flatMap((element, id) => (element.silent ? [] : [id]));
          if (answering.length === 0) return assert.equal(encoded, null);
          assert.ok(Buffer.byteLength(encoded!) <= LIMIT);
          assert.deepEqual(
            JSON.parse(encoded!).map((message: any) => message.id),
            answering,
          );
        },
      ),
    );
  });

  it('keeps exactly the answers that fit beside the earlier ones when elements settle in element order', () => {
    fc.assert(
      fc.property(batch, (elements) => {
        const encoded = run(elements, [...elements.keys()]);
        if (encoded === null) return;
        const fallbacks = elements.map((_, id) => Buffer.byteLength(tooLargeFrame(id)));
        let used = 1 + elements.length + fallbacks.reduce((sum, bytes) => sum + bytes, 0);
        const expected = elements.flatMap((element, id) => {
          if (element.silent) {
            used -= fallbacks[id]!;
            return [];
          }
          const bytes = Buffer.byteLength(answerOf(id, element.size, element.wide));
          if (used - fallbacks[id]! + bytes > LIMIT) return ['replaced'];
          used += bytes - fallbacks[id]!;
          return ['kept'];
        });
        const actual = JSON.parse(encoded).map((message: any) => ('result' in message ? 'kept' : 'replaced'));
        assert.deepEqual(actual, expected);
      }),
    );
  });

  it('lets an earlier element that settles late take the place of later answers', () => {
    const answer = new BatchAnswer([tooLargeFrame(0), tooLargeFrame(1)], LIMIT);
    answer.record(1, answerOf(1, 2500, false));
    answer.record(0, answerOf(0, 2500, false));
    const [first, second] = JSON.parse(answer.encode()!.toString());
    assert.ok('result' in first);
    assert.equal(second.error.data.reason_code, 'tool-output-too-large');
  });

  it('encodes the array once only, and only when every element settled', () => {
    const answer = new BatchAnswer([tooLargeFrame(0), tooLargeFrame(1)], LIMIT);
    answer.record(0, answerOf(0, 10, false));
    assert.equal(answer.encode(), null);
    answer.record(1, answerOf(1, 10, false));
    assert.ok(answer.encode());
    assert.equal(answer.encode(), null);
  });
});
