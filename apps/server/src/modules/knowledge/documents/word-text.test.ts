import { makeDeflatedDocx } from '@agent-console/server/test/fixtures/knowledge';
import { strToU8, zipSync } from 'fflate';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { docxWithDocumentXml, makeDocx } from '../../../lib/docx-writer';
import { extractDocumentText, normaliseText } from './text-extract';
import { wordPartText } from './word-text';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const MC = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';
const documentXml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W} ${MC}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`;

/** Bodies a Word file holds, as Word writes them: runs, properties, tables, entities, Chinese. */
const BODIES = [
  '<w:p><w:r><w:t>Hello</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve"> world</w:t></w:r></w:p>',
  '<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>退货政策</w:t></w:r></w:p><w:p><w:r><w:t>收到商品后 7 天内可申请退货。</w:t></w:r></w:p>',
  '<w:p><w:r><w:t>Name</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>Value</w:t></w:r></w:p>',
  '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tr><w:tc><w:p><w:r><w:t>Plan</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Price &amp; terms</w:t></w:r></w:p></w:tc></w:tr><w:tr><w:tc><w:p><w:r><w:t>Pro</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>&lt;99&gt; &#x4E2D;&#25991; &quot;a&quot; &apos;b&apos;</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
  '<w:p><w:hyperlink r:id="rId5" xmlns:r="r"><w:r><w:t>the docs</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> and </w:t></w:r><w:ins w:id="1"><w:r><w:t>inserted</w:t></w:r></w:ins></w:p><w:p/>',
  '<w:p><w:r><w:t>A</w:t></w:r></w:p><w:p><w:pPr><w:numPr><w:ilvl w:val="0"/></w:numPr></w:pPr><w:r><w:t>list item</w:t></w:r></w:p><w:p><w:r><w:t>B</w:t></w:r></w:p>',
];

describe('reading a Word document in one pass (issue 38)', () => {
  it.each(BODIES.map((body, i) => [i, body]))('reads body %i as mammoth did', async (_, body) => {
    const docx = docxWithDocumentXml(documentXml(body));
    const ours = await extractDocumentText('docx', docx);
    const theirs = normaliseText((await mammoth.extractRawText({ buffer: docx })).value);
    expect(ours).toBe(theirs);
    expect(ours.length).toBeGreaterThan(0);
  });

  it('reads many paragraphs, deflated, as mammoth did', async () => {
    const paragraphs = Array.from({ length: 500 }, (_, i) => `Paragraph ${i}: 第 ${i} 段 <&> text.`);
    const deflated = makeDeflatedDocx(paragraphs);
    const ours = await extractDocumentText('docx', deflated);
    expect(ours).toBe(normaliseText((await mammoth.extractRawText({ buffer: deflated })).value));
    expect(ours.split('\n\n')).toEqual(paragraphs);
  });

  it('keeps a line break as a line break, where mammoth joined the lines', () => {
    expect(
      wordPartText(
        `<w:document ${W}><w:body><w:p><w:r><w:t>line one</w:t><w:br/><w:t>line two</w:t><w:cr/><w:t>three</w:t></w:r></w:p></w:body></w:document>`,
      ),
    ).toBe('line one\nline two\nthree\n\n');
  });

  it('leaves out deleted text, field codes and the fallback copy of a text box', () => {
    const body =
      '<w:p><w:del w:id="2"><w:r><w:delText>removed</w:delText></w:r></w:del><w:r><w:instrText xml:space="preserve"> HYPERLINK "x" </w:instrText></w:r><w:r><w:t>kept</w:t></w:r></w:p>' +
      '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><w:txbxContent><w:p><w:r><w:t>In the box</w:t></w:r></w:p></w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:txbxContent><w:p><w:r><w:t>In the box</w:t></w:r></w:p></w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>';
    expect(normaliseText(wordPartText(documentXml(body)))).toBe('kept\n\nIn the box');
  });

  it('reads a tag whose attribute holds ">", CDATA and comments', () => {
    const body = '<w:p><w:r w:rsidR="a>b"><!-- a <w:t>comment</w:t> --><w:t><![CDATA[x < y]]> and z</w:t></w:r></w:p>';
    expect(normaliseText(wordPartText(documentXml(body)))).toBe('x < y and z');
  });

  it('finds the main document by the package relationships, then its footnotes and endnotes', async () => {
    const rels = (items: string) =>
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
    const base = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const parts: Record<string, string> = {
      '_rels/.rels': rels(`<Relationship Id="rId1" Type="${base}/officeDocument" Target="/content/main.xml"/>`),
      'content/main.xml': documentXml('<w:p><w:r><w:t>Body text</w:t></w:r></w:p>'),
      'content/_rels/main.xml.rels': rels(
        `<Relationship Id="rId2" Type="${base}/footnotes" Target="notes/foot.xml"/><Relationship Id="rId3" Type="${base}/endnotes" Target="../end.xml"/><Relationship Id="rId4" Type="${base}/hyperlink" Target="https://example.com" TargetMode="External"/>`,
      ),
      'content/notes/foot.xml': `<w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1"><w:p><w:r><w:t>A footnote</w:t></w:r></w:p></w:footnote></w:footnotes>`,
      'end.xml': `<w:endnotes ${W}><w:endnote w:id="1"><w:p><w:r><w:t>An endnote</w:t></w:r></w:p></w:endnote></w:endnotes>`,
    };
    const docx = Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([n, t]) => [n, strToU8(t)]))));
    expect(await extractDocumentText('docx', docx)).toBe('Body text\n\nA footnote\n\nAn endnote');
  });

  it('checks a part it reaches outside word/ before reading it, as the parts under word/ are', async () => {
    const rels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="content/main.xml"/></Relationships>`;
    // A tag left open with an unclosed quote, many times over: never handed to the reader.
    const broken = `<w:document ${W}><w:body>${'<w:p w:x="'.repeat(20_000)}</w:body></w:document>`;
    const docx = Buffer.from(zipSync({ '_rels/.rels': strToU8(rels), 'content/main.xml': strToU8(broken) }));
    await expect(extractDocumentText('docx', docx)).rejects.toMatchObject({
      reason: 'broken',
      message: 'broken: DOCX: content/main.xml is not well-formed XML',
    });
  });

  it('refuses a package without its main document as broken', async () => {
    const docx = Buffer.from(zipSync({ '[Content_Types].xml': strToU8('<Types/>') }));
    await expect(extractDocumentText('docx', docx)).rejects.toMatchObject({
      reason: 'broken',
      message: expect.stringContaining('main document'),
    });
  });

  it('is what the knowledge base reads from an uploaded DOCX', async () => {
    expect(await extractDocumentText('docx', makeDocx(['Opening hours', 'Monday to Friday, 9 to 5.']))).toBe(
      'Opening hours\n\nMonday to Friday, 9 to 5.',
    );
  });
});
