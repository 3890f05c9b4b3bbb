import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_ATTRIBUTE_CHARS, MAX_TEXT_PIECE, MAX_XML_ATTRIBUTES, MAX_XML_DEPTH, readXml } from '../../../src/adapters/provider-http/xml-reader.js';
import { XmlReadError } from '../../../src/adapters/provider-http/xml-events.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';

/** The events of reading `text`, as `<name`, `>name` and text lines; or the error. */
function events(text: string): string[] {
  const seen: string[] = [];
  finishNow(
    readXml(text, {
      open: (name) => seen.push(`<${name}`),
      text: (chunk) => seen.push(chunk),
      close: (name) => seen.push(`>${name}`),
    }),
  );
  return seen;
}

const refuses = (text: string) => assert.throws(() => events(text), XmlReadError, text.slice(0, 80));

describe('XML reader: what it reports', () => {
  it('reports elements by local name and their decoded text, CDATA as is, comments and PIs not at all', () => {
    const text = `\ufeff<?xml version="1.0" encoding="UTF-8"?>
      <!-- head --><a:feed xmlns:a="urn:x" x='1'><?php no?><arxiv:doi>10.1/&amp;x</arxiv:doi><t><![CDATA[<b>&amp;</b>]]></t><e/></a:feed>
      <!-- tail -->`;
    assert.deepEqual(events(text), ['<feed', '<doi', '10.1/&x', '>doi', '<t', '<b>&amp;</b>', '>t', '<e', '>e', '>feed']);
  });

  it('decodes the five predefined entities and decimal and hex character references', () => {
    assert.deepEqual(events('<r>&lt;&gt;&amp;&quot;&apos; &#233;&#xe9;&#x1F600;&#0065;</r>'), ['<r', '<>&"\' éé😀A', '>r']);
    assert.deepEqual(events(`<r>&#${'0'.repeat(40)}65;</r>`), ['<r', 'A', '>r']);
  });
});

describe('XML reader: what it refuses', () => {
  it('refuses every document type declaration and other markup declaration', () => {
    refuses('<!DOCTYPE r><r/>');
    refuses('<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>');
    refuses('<r><!ENTITY x "y"></r>');
    refuses('<r/><!DOCTYPE r>');
  });

  it('refuses undeclared entities, bare ampersands and references to code points XML forbids', () => {
    for (const body of ['&nbsp;', '&x;', 'a & b', '&#;', '&#x;', '&#0;', '&#xD800;', '&#xFFFE;', '&#x110000;', '&#65', '&#X41;']) refuses(`<r>${body}</r>`);
    refuses('<r a="&bogus;"/>');
  });

  it('refuses malformed structure', () => {
    for (const text of [
      '',
      '   ',
      'text',
      '<r>',
      '<r></s>',
      '<r><s></r></s>',
      '<r/><r/>',
      'x<r/>',
      '<r/>x',
      '<r a="1" a="2"/>',
      '<r a=1/>',
      '<r a="<"/>',
      '<ra="1"/>',
      '</r>',
      '<r></ r>',
      '<r><![CDATA[x</r>',
      '<r><!-- x</r>',
      '<![CDATA[x]]><r/>',
      '<r/><?xml version="1.0"?>',
      '<1r/>',
    ])
      refuses(text);
  });

  it(`refuses more than ${MAX_XML_ATTRIBUTES} attributes on one element and nesting beyond ${MAX_XML_DEPTH} levels`, () => {
    const attributes = (count: number) => `<r${Array.from({ length: count }, (_, index) => ` a${index}="v"`).join('')}/>`;
    assert.deepEqual(events(attributes(MAX_XML_ATTRIBUTES)), ['<r', '>r']);
    refuses(attributes(MAX_XML_ATTRIBUTES + 1));
    const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    assert.equal(events(nested(MAX_XML_DEPTH)).length, 2 * MAX_XML_DEPTH);
    refuses(nested(MAX_XML_DEPTH + 1));
  });
});

describe('XML reader: pauses', () => {
  const pauses = (text: string) => {
    const task = readXml(text, { open() {}, text() {}, close() {} });
    let count = 0;
    while (!task.next().done) count += 1;
    return count;
  };

  it('pauses after every 16 KiB of input, entity-dense text included', () => {
    for (const text of [`<r>${'&amp;'.repeat(200_000)}</r>`, `<r>${'x'.repeat(1_000_000)}</r>`, `<r a="${'&lt;'.repeat(100_000)}"/>`])
      assert.ok(pauses(text) >= Math.floor(text.length / (16 * 1024)), text.slice(0, 12));
  });

  it('pauses every few hundred events', () => {
    assert.ok(pauses(`<r>${'<a/>'.repeat(100_000)}</r>`) >= 200_000 / 256);
  });
});

describe('XML reader: long values', () => {
  it(`hands a long text on in pieces of at most ${MAX_TEXT_PIECE} characters, the whole text unchanged`, () => {
    for (const body of [`<r>${'é'.repeat(100_000)}</r>`, `<r><![CDATA[${'x'.repeat(100_000)}]]></r>`, `<r>${'😀'.repeat(50_000)}</r>`]) {
      const pieces: string[] = [];
      finishNow(readXml(body, { open() {}, text: (piece) => pieces.push(piece), close() {} }));
      assert.ok(pieces.length > 1 && pieces.every((piece) => piece.length <= MAX_TEXT_PIECE));
      assert.equal(pieces.join(''), body.replace(/^<r>(?:<!\[CDATA\[)?|(?:\]\]>)?<\/r>$/gu, ''));
    }
  });

  it(`cuts a reported attribute value at ${MAX_ATTRIBUTE_CHARS} characters`, () => {
    let alttext = '';
    finishNow(
      readXml(`<m alttext="${'x'.repeat(100_000)}"/>`, {
        attributes: new Set(['alttext']),
        open: (_name, attributes) => (alttext = attributes?.get('alttext') ?? ''),
        text() {},
        close() {},
      }),
    );
    assert.equal(alttext, 'x'.repeat(MAX_ATTRIBUTE_CHARS));
  });

  it('reads a document given in pieces as it reads it whole, pieces cut anywhere (inside a tag, a reference, a surrogate pair)', () => {
    const text = '\ufeff<?xml version="1.0"?><feed><t a="1&amp;2">x &amp; y 😀 <![CDATA[<z>]]></t><e/></feed>';
    const whole = events(text);
    for (let cut = 1; cut < text.length; cut++) {
      const seen: string[] = [];
      finishNow(
        readXml([text.slice(0, cut), text.slice(cut)], {
          open: (name) => seen.push(`<${name}`),
          text: (chunk) => seen.push(chunk),
          close: (name) => seen.push(`>${name}`),
        }),
      );
      assert.equal(seen.join('|').replace(/\|(?=[^<>])/gu, ''), whole.join('|').replace(/\|(?=[^<>])/gu, ''), String(cut));
    }
  });
});
