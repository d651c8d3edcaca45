import { describe, expect, it } from 'vitest';
import { scanXml } from './xml-scan';

const scan = (xml: string, limits?: { maxElements: number; maxDepth: number }) => scanXml(Buffer.from(xml), limits);

describe('scanXml', () => {
  it('counts elements and depth of a well-formed part, prolog, comments, CDATA and quoted ">" included', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><!-- a <comment> --><w:document xmlns:w="x"><w:body>' +
      '<w:p w:rsid="a>b" w:x=\'c"d\'><w:r><w:t><![CDATA[<not an element>]]> 中文 &amp; text</w:t></w:r></w:p>' +
      '<w:sectPr/></w:body></w:document>';
    expect(scan(xml)).toEqual({ elements: 6, maxDepth: 5, wellFormed: true });
  });

  it('finds a part cut short, a closing tag of another name, a stray closing tag and a second root', () => {
    expect(scan('<a><b></b>').wellFormed).toBe(false);
    expect(scan('<a><b></a></b>').wellFormed).toBe(false);
    expect(scan('<a></a></b>').wellFormed).toBe(false);
    expect(scan('<a/><b/>').wellFormed).toBe(false);
    expect(scan('<a><b x="1"').wellFormed).toBe(false);
    expect(scan('<a><!-- open').wellFormed).toBe(false);
    expect(scan('').wellFormed).toBe(false);
  });

  it('refuses a DOCTYPE (entity declarations have no place in an Office part)', () => {
    expect(scan('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>').wellFormed).toBe(false);
  });

  it('stops at the element and depth limits', () => {
    expect(scan(`<a>${'<b/>'.repeat(100)}</a>`, { maxElements: 50, maxDepth: 10 })).toMatchObject({
      exceeded: 'elements',
      wellFormed: false,
    });
    expect(scan(`${'<a>'.repeat(20)}${'</a>'.repeat(20)}`, { maxElements: 1000, maxDepth: 10 })).toMatchObject({
      exceeded: 'depth',
      maxDepth: 11,
    });
  });
});
