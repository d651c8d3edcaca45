import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseTextQuery } from './highlight';
import { Markdown } from './Markdown';
import { blockText } from './markdown-ast';
import { parseMarkdown } from './parse-markdown';

const html = (source: string, query = '') =>
  renderToStaticMarkup(createElement(Markdown, { source, query: parseTextQuery(query) }));

describe('Markdown renders no raw HTML', () => {
  it('shows a script block and an inline image handler as text', () => {
    const out = html(
      [
        '<script>alert("x")</script>',
        '',
        'Hello <img src=x onerror="alert(1)"> and <b>bold</b>',
        '',
        '- <iframe src="javascript:alert(1)"></iframe>',
        '',
        '| a | <svg onload=alert(1)> |',
        '| --- | --- |',
        '| `<style>` | **<a href="javascript:alert(1)">x</a>** |',
      ].join('\n'),
    );
    for (const tag of ['<script', '<img', '<b>', '<iframe', '<svg', '<a ', '<style']) expect(out).not.toContain(tag);
    expect(out).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(out).toContain('<li>&lt;iframe');
    expect(out).toContain('<td><code>&lt;style&gt;</code></td>');
    expect(out).toContain('<strong>&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;</strong>');
  });

  it('keeps HTML text as text when it is highlighted', () => {
    const out = html('Do not run <script>alert(1)</script> here', 'script');
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt;');
  });
});

describe('parseMarkdown', () => {
  it('reads headings with stable ids, paragraphs, nested lists, quotes, tables and code', () => {
    const blocks = parseMarkdown(
      [
        '# Title',
        '',
        '## Sign in {#sign-in}',
        'First line',
        'second line.',
        '',
        '1. one',
        '2. two',
        '   - nested *em*',
        '',
        '> **Note** keep `s` in mind',
        '',
        '| Item | Value |',
        '| :--- | ---: |',
        '| a \\| b | 10MB |',
        '',
        '```',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'heading', 'paragraph', 'list', 'quote', 'table', 'code']);
    expect(blocks[1]).toMatchObject({ type: 'heading', level: 2, id: 'sign-in' });
    expect(blockText([blocks[2] ?? blocks[0] ?? { type: 'code', text: '' }])).toBe('First line second line.');
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true });
    expect(blockText(blocks)).toContain('nested em');
    expect(blockText(blocks)).toContain('a | b');
    expect(blocks[6]).toEqual({ type: 'code', text: '# not a heading' });
    const out = html('- top\n  - inner\n- next');
    expect(out).toBe('<ul><li>top<ul><li>inner</li></ul></li><li>next</li></ul>');
  });

  it('leaves unmatched markers and escapes literal', () => {
    expect(html('2 * 3 = 6, **open and \\*star\\*')).toBe('<p>2 * 3 = 6, **open and *star*</p>');
    expect(html('**bold *and em***')).toBe('<p><strong>bold <em>and em</em></strong></p>');
  });
});

describe('search highlighting', () => {
  it('ignores case, needs every word, and finds Chinese and Japanese without spaces', () => {
    expect(html('Upload a PDF file', 'pdf')).toBe('<p>Upload a <mark>PDF</mark> file</p>');
    expect(html('上传不超过 10MB 的文档', '10mb')).toBe('<p>上传不超过 <mark>10MB</mark> 的文档</p>');
    expect(html('二维码登录可能需要 30 秒或更长时间', '登录')).toContain('<mark>登录</mark>');
    expect(html('QR コードのログインには 30 秒以上かかる', 'ログイン')).toContain('<mark>ログイン</mark>');
    // Full-width letters typed on a CJK keyboard match their ordinary forms.
    expect(html('PDF または Word', 'ＰＤＦ')).toContain('<mark>PDF</mark>');
  });

  it('marks a match that spans formatting in each of its parts', () => {
    expect(html('点击**登录**按钮', '击登录按')).toBe(
      '<p>点<mark>击</mark><strong><mark>登录</mark></strong><mark>按</mark>钮</p>',
    );
    expect(html('| a `b` c |\n| --- |\n| x |', 'a b')).toContain(
      '<th><mark>a</mark> <code><mark>b</mark></code> c</th>',
    );
  });

  it('treats regular-expression characters literally', () => {
    expect(html('cost (ms) and a.b', '(ms)')).toBe('<p>cost <mark>(ms)</mark> and a.b</p>');
    expect(html('cost (ms) and a.b', 'a.')).toBe('<p>cost (ms) and <mark>a.</mark>b</p>');
  });
});
