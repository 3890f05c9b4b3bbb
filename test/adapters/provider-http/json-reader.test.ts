import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { JsonReadError, MAX_JSON_DEPTH, MAX_SCALAR_CHARS, readJson } from '../../../src/adapters/provider-http/json-reader.js';
import { listOf, objectOf, scalar, type JsonShape } from '../../../src/adapters/provider-http/json-shape.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';

const read = (text: string, shape?: JsonShape): unknown => finishNow(readJson(text, shape));

/** What JSON.parse makes of `text`: its value, or `'error'`. */
const parsedOrError = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return 'error';
  }
};
const readOrError = (text: string): unknown => {
  try {
    return read(text);
  } catch (error) {
    assert.ok(error instanceof JsonReadError);
    return 'error';
  }
};

// Small edits that turn JSON into near-JSON: what a broken or hostile provider sends.
const JSONISH = ['{', '}', '[', ']', ',', ':', '"', '\\', '\\u12', '1', '-', '0', 'e', '.', ' ', 'tru', 'null', '\u0000', '\n', 'é'];
const nearJson = fc
  .tuple(fc.json(), fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...JSONISH))
  .map(([text, at, cut, insert]) => text.slice(0, at % (text.length + 1)) + insert + text.slice((at % (text.length + 1)) + cut));

describe('JSON reader: the same values as JSON.parse (docs/provider-data.md)', () => {
  it('reads every JSON text, compact or indented, into the value JSON.parse gives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        assert.deepEqual(read(text), JSON.parse(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses exactly the near-JSON texts that JSON.parse refuses', () => {
    fc.assert(
      fc.property(nearJson, (text) => {
        assert.deepEqual(readOrError(text), parsedOrError(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps a __proto__ key as plain data and lets the last duplicate win, as JSON.parse does', () => {
    const value = read('{"__proto__": {"polluted": true}, "a": 1, "a": 2}') as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.deepEqual(Object.keys(value), ['__proto__', 'a']);
    assert.deepEqual(value['__proto__'], { polluted: true });
    assert.equal(value['a'], 2);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });

  it('refuses nesting deeper than 256 levels without touching the call stack', () => {
    assert.deepEqual(read('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)), JSON.parse('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)));
    assert.throws(() => read('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)), JsonReadError);
    assert.throws(() => read('['.repeat(1_000_000)), JsonReadError);
  });
});

describe('JSON reader: shapes build only what is asked for', () => {
  const text = JSON.stringify({ keep: 'k', drop: { big: [1, 2, 3] }, list: [{ a: 1, b: 2 }, { a: 3 }, { a: 5 }], n: 7, s: { x: 1 } });

  it('builds the listed fields, skips the others, and reads a container where a scalar was asked as absent', () => {
    const shape = objectOf({ keep: scalar, list: listOf(objectOf({ a: scalar }), { max: 2 }), s: scalar, missing: scalar });
    assert.deepEqual(read(text, shape), { keep: 'k', list: [{ a: 1 }, { a: 3 }] });
  });

  it('hands list items over one by one and skips the rest once told to stop', () => {
    const seen: unknown[] = [];
    const shape = objectOf({ list: listOf(objectOf({ a: scalar }), { each: (item) => seen.push(item) < 2 }) });
    assert.deepEqual(read(text, shape), { list: [] });
    assert.deepEqual(seen, [{ a: 1 }, { a: 3 }]);
  });

  it('keeps at most maxOthers unlisted fields when asked for others', () => {
    const shape = objectOf({ n: scalar }, { others: scalar, maxOthers: 1 });
    assert.deepEqual(read('{"x": 1, "n": 2, "y": 3}', shape), { x: 1, n: 2 });
  });

  it('still refuses malformed text inside skipped parts', () => {
    for (const bad of ['{"drop": [1,]}', '{"drop": "\\x"}', '{"drop": "a\u0001b"}', '{"drop": {"a" 1}}', '{"drop": 01}'])
      assert.throws(() => read(bad, objectOf({})), JsonReadError, bad);
  });

  it('skips a string over the scalar bound without building it, but checks it', () => {
    const long = 'a'.repeat(MAX_SCALAR_CHARS + 1);
    assert.deepEqual(read(JSON.stringify({ t: long, u: 'short' }), objectOf({ t: scalar, u: scalar })), { u: 'short' });
    assert.equal((read(JSON.stringify({ t: long })) as { t: string }).t, long);
    const badEscape = `{"t": "${'b'.repeat(200_000)}\\q"}`;
    const control = `{"t": "${'c'.repeat(200_000)}\u0002"}`;
    for (const bad of [badEscape, control]) assert.throws(() => read(bad, objectOf({})), JsonReadError);
    assert.deepEqual(read(`{"t": "${'\\u00e9'.repeat(40_000)}\\n"}`, objectOf({})), {});
  });
});

describe('JSON reader: pauses', () => {
  it('pauses every few hundred values, so a large body is read in many short steps', () => {
    const text = JSON.stringify(Array.from({ length: 100_000 }, (_, index) => index));
    const task = readJson(text);
    let pauses = 0;
    let step = task.next();
    for (; !step.done; step = task.next()) pauses += 1;
    assert.ok(pauses >= 100_000 / 256 - 1, `${pauses} pauses`);
    assert.equal((step.value as number[]).length, 100_000);
  });

  it('pauses inside one long string too', () => {
    const task = readJson(`{"skip": "${'x\\n'.repeat(1_000_000)}"}`, objectOf({}));
    let pauses = 0;
    while (!task.next().done) pauses += 1;
    assert.ok(pauses >= 30, `${pauses} pauses`);
  });
});
