import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_XML_ATTRIBUTES, MAX_XML_DEPTH, readXml } from '../../../src/adapters/provider-http/xml-reader.js';
import { XmlReadError } from '../../../src/adapters/provider-http/xml-text.js';
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
    for (const body of ['&nbsp;', '&x;', 'a & b', '&#;', '&#x;', '&#0;', '&#xD800;', '&#xFFFE;', '&#x110000;', '&#65', '&#X41;', `&#${'0'.repeat(40)}65;`])
      refuses(`<r>${body}</r>`);
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
  it('pauses every hundred or so tokens and inside long entity-dense text', () => {
    const count = (text: string) => {
      const task = readXml(text, { open() {}, text() {}, close() {} });
      let pauses = 0;
      while (!task.next().done) pauses += 1;
      return pauses;
    };
    assert.ok(count(`<r>${'<a/>'.repeat(100_000)}</r>`) >= 100_000 / 128 - 1);
    assert.ok(count(`<r>${'&amp;'.repeat(200_000)}</r>`) >= 200_000 / 1024 - 1);
  });
});
