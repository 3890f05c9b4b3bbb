import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { prescanBatch } from '../../../src/adapters/mcp/batch-prescan.js';

const scan = (text: string, max = 3, maxValues = 1_000_000) => prescanBatch(Buffer.from(text, 'utf8'), { maxElements: max, maxValues, maxDepth: 3 });
const many = (element: string, count: number) => `[${Array.from({ length: count }, () => element).join(',')}]`;

describe('batch prescan: counting an array before parsing it', () => {
  it('leaves anything that is not an array, and arrays within the bound, to the ordinary parse', () => {
    assert.equal(scan('{"a":[1,2,3,4,5]}'), 'parse');
    assert.equal(scan('  [1,2,3]  '), 'parse');
    assert.equal(scan('[]'), 'parse');
    assert.equal(scan('[1,2,3'), 'parse', 'an unterminated array within the bound: the parse reports it');
  });

  it('counts only top-level elements: commas inside strings, objects and arrays do not count', () => {
    assert.equal(scan('[{"a":",,,,"},[1,2,3,4,5],"x\\",,,,\\\\"]'), 'parse');
    assert.equal(scan('["a\\\\",1,2,3]'), 'too-many-elements', 'an escaped backslash ends before the closing quote');
  });

  it('finds an array of more elements than the bound, when it is valid JSON', () => {
    assert.equal(scan('[1,2,3,4]'), 'too-many-elements');
    assert.equal(scan(' \r\n[ {} , [] , "]" , null ] \n'), 'too-many-elements');
  });

  it('calls an oversized array that is not valid JSON not-json, whatever is wrong with it', () => {
    for (const text of ['[1,2,3,4,]', '[1,,2,3,4]', '[1,2,3,4] x', '[1,2,3,4', '[1,2,3,tru]', '[1,2,3,"4]']) assert.equal(scan(text), 'not-json', text);
    assert.equal(
      prescanBatch(Buffer.from([0x5b, 0x31, 0x2c, 0x32, 0x2c, 0x33, 0x2c, 0x22, 0xff, 0x22, 0x5d]), { maxElements: 3, maxValues: 1_000_000, maxDepth: 3 }),
      'not-json',
      'not UTF-8',
    );
  });

  it('checks validity across parse windows: a blank element filling a window is caught', () => {
    const element = `"${'x'.repeat(1000)}"`;
    const big = `"${'x'.repeat(300 * 1024)}"`;
    assert.equal(scan(many(element, 600), 10), 'too-many-elements');
    assert.equal(scan(`[${' '.repeat(300 * 1024)},${many(element, 20).slice(1)}`, 10), 'not-json', 'blank first element');
    assert.equal(scan(`[1,2,3,${big}, ]`), 'not-json', 'trailing comma after a full window');
    assert.equal(scan(`[1,2,3,${big},${' '.repeat(300 * 1024)},4]`), 'not-json', 'blank element between windows');
    assert.equal(scan(`[1,2,3,${big},${big},4]`), 'too-many-elements');
  });

  it('counts the values of a frame long enough to hold more than the value bound, strings skipped whole', () => {
    const params = (inner: string) => `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${inner}}}`;
    assert.equal(scan(params(many('{}', 60)), 3, 50), 'too-many-values', 'containers and separators of a single message');
    assert.equal(scan(params(many('0', 60)), 3, 50), 'too-many-values', 'separators of numbers');
    assert.equal(scan(params(`"${'{},'.repeat(60)}"`), 3, 50), 'parse-shallow', 'the same bytes inside a string are one value');
    assert.equal(scan(params(many('{}', 20)), 3, 50), 'parse', 'within the bound');
    assert.equal(scan(many('[{},{},{}]', 3), 3, 5), 'too-many-values', 'a batch within the element bound is counted too');
    assert.equal(scan(`{"a":[${'0,'.repeat(10)}`, 3, 5), 'too-many-values', 'an unterminated frame is refused by the count');
  });

  it('tells a scanned message that nests within the depth bound (no walk needed), never an array or a deeper one', () => {
    const message = (inner: string) => `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${inner}}}`;
    assert.equal(scan(message('[0,0,0]'), 3, 20), 'parse-shallow', 'message, params, array: three levels');
    assert.equal(scan(message('[[0],[0]]'), 3, 20), 'parse', 'four levels: the parsed value is walked');
    assert.equal(scan(message('["]]]]]]]]",0]'), 3, 20), 'parse-shallow', 'brackets inside strings do not nest');
    assert.equal(scan('[0,0,0]', 3, 3), 'parse', 'an array (a batch) is admitted element by element');
    assert.equal(scan(message('[0]'), 3, 1_000), 'parse', 'a frame too short to hold more values is not scanned');
  });
});

describe('frame prescan: members of one object (issue 19, row 5)', () => {
  const bounds = { maxElements: 3, maxValues: 1_000_000, maxDepth: 3, maxMembers: 4 };
  const scanMembers = (text: string) => prescanBatch(Buffer.from(text, 'utf8'), bounds);
  const object = (members: number, from = 0) => `{${Array.from({ length: members }, (_, index) => `"k${from + index}":${index}`).join(',')}}`;

  it('refuses a frame whose one object holds more members than the bound, before parsing it', () => {
    assert.equal(scanMembers(`{"jsonrpc":"2.0","id":1,"method":"ping","params":${object(5)}}`), 'too-many-values');
    assert.equal(scanMembers(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${object(40)}}}`), 'too-many-values');
  });

  it('counts each object apart: many objects at the bound, arrays of any length and commas in strings pass', () => {
    assert.equal(
      scanMembers(`{"a":1,"b":[${Array.from({ length: 20 }, (_, index) => object(4, index * 4)).join(',')}],"c":"${',,,,'.repeat(9)}"}`),
      'parse-shallow',
    );
    assert.equal(scanMembers(`{"a":[${'0,'.repeat(40)}0],"b":{"c":[1,2,3,4,5,6],"d":0}}`), 'parse-shallow');
  });

  it('counts members of objects nested past the depth bound together (such a frame is refused for its depth anyway)', () => {
    assert.equal(scanMembers(`{"a":[[[[${object(3)},${object(3)}]]]]}${' '.repeat(32)}`), 'too-many-values');
  });

  it('does not scan a frame too short to hold an object over the bound', () => {
    assert.equal(prescanBatch(Buffer.from(object(3)), { ...bounds, maxMembers: 1_000 }), 'parse');
  });
});

describe('frame prescan counts what a parse would find (issue 24, row 13: structural bytes only)', () => {
  /** What the prescan counts, read from the parsed value: containers and separators, the deepest nesting, the most members of one object. */
  function counted(value: unknown, depth = 1): { values: number; deepest: number; members: number } {
    if (value === null || typeof value !== 'object') return { values: 0, deepest: 0, members: 0 };
    const items = Array.isArray(value) ? value : Object.values(value);
    const inner = items.map((item) => counted(item, depth + 1));
    return {
      values: 1 + Math.max(0, items.length - 1) + inner.reduce((sum, item) => sum + item.values, 0),
      deepest: Math.max(depth, ...inner.map((item) => item.deepest)),
      members: Math.max(Array.isArray(value) ? 0 : items.length, ...inner.map((item) => item.members)),
    };
  }

  it('gives the verdict the parsed value calls for, whatever strings, escapes and whitespace the frame holds (property)', () => {
    const jsonText = fc.json({ maxDepth: 4 }).map((text) => JSON.parse(text) as unknown);
    fc.assert(
      fc.property(jsonText, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 8 }), fc.boolean(), (params, maxValues, maxMembers, pretty) => {
        const message = { jsonrpc: '2.0', id: 1, method: 'ping', params: { x: params } };
        const text = `${pretty ? JSON.stringify(message, null, 1) : JSON.stringify(message)}${' '.repeat(200)}`;
        const found = counted(message);
        const expected = found.values > maxValues || found.members > maxMembers ? 'too-many-values' : found.deepest <= 64 ? 'parse-shallow' : 'parse';
        assert.equal(prescanBatch(Buffer.from(text, 'utf8'), { maxElements: 3, maxValues, maxDepth: 64, maxMembers }), expected, text.slice(0, 200));
      }),
      { numRuns: 500 },
    );
  });
});
