import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from './sanitize-notice-html';

describe('sanitizeNoticeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
    ['a <img src="/api/user" alt="x"> b', 'a  b'],
    [
      '<img src="https://ok.example/a.png" srcset="javascript:x 2x" style="x">',
      '<img src="https://ok.example/a.png" />',
    ],
    ['<b onclick="steal()">bold</b>', '<b>bold</b>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<a href="https://ok.example" style="color:red">x</a>', '<a href="https://ok.example">x</a>'],
    ['<style>body{display:none}</style>', '&lt;style&gt;body{display:none}&lt;/style&gt;'],
    ['<p style="x">p</p>', '&lt;p&gt;p&lt;/p&gt;'],
    ['<iframe src="https://evil.example"></iframe>', '&lt;iframe&gt;&lt;/iframe&gt;'],
    ['<svg onload=alert(1)>', '&lt;svg&gt;'],
    ['<a href="https://ok.example" rel="opener">x</a>', '<a href="https://ok.example">x</a>'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
  ])('neutralises %s', (input, expected) => {
    expect(sanitizeNoticeHtml(input)).toBe(expected);
  });

  it.each([
    '<b>b</b> <i>i</i> <em>em</em> <strong>strong</strong>',
    '<a href="https://example.com/x?a=1&amp;b=2">https</a>',
    '<a href="http://example.com">http</a>',
    '<a href="ftp://files.example.com">ftp</a>',
    '<a href="mailto:ops@example.com">mail</a>',
    '<a href="tel:+4712345678">call</a>',
    '<a name="top">anchor</a>',
    '<b><a href="https://example.com">nested</a></b>',
  ])('keeps allowed markup: %s', (html) => {
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it.each([
    '<img src="https://cdn.example/logo.png" alt="Logo" width="120" height="40" loading="lazy" />',
    '<img src="http://cdn.example/a.png" srcset="https://cdn.example/a2.png 2x" title="A" />',
    '<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline" />',
  ])('keeps images from http(s) and data image sources: %s', (html) => {
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it('marks links that open elsewhere noopener noreferrer', () => {
    expect(sanitizeNoticeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
