import { describe, expect, it } from 'vitest';
import { isAllowedUrl, parseRichText, richTextToPlain, sanitizeRichText } from './rich-text';

describe('sanitizeRichText keeps the allow-list', () => {
  it.each([
    [
      '<b>bold</b> <i>it</i> <em>em</em> <strong>st</strong>',
      '<b>bold</b> <i>it</i> <em>em</em> <strong>st</strong>',
    ],
    [
      '<a href="https://example.com/x?a=1&amp;b=2">docs</a>',
      '<a href="https://example.com/x?a=1&amp;b=2">docs</a>',
    ],
    ['<a href="mailto:ops@example.com">mail</a>', '<a href="mailto:ops@example.com">mail</a>'],
    ['<a href="tel:+3705">call</a>', '<a href="tel:+3705">call</a>'],
    ['<a href="ftp://files.example.com">ftp</a>', '<a href="ftp://files.example.com">ftp</a>'],
    ['<a href="/management/devices">devices</a>', '<a href="/management/devices">devices</a>'],
    ['<a name="top">anchor</a>', '<a name="top">anchor</a>'],
    [
      '<a href="https://example.com" target="_blank">new tab</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">new tab</a>',
    ],
    ['Tom &amp; Jerry &lt;3', 'Tom &amp; Jerry &lt;3'],
  ])('%s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

// Every payload must come out without an executable element, event handler or script URL.
const XSS_PAYLOADS: [string, string][] = [
  ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['<img src=x onerror=alert(1)>', '&lt;img src="x" onerror="alert(1)"&gt;'],
  ['<svg onload=alert(1)>', '&lt;svg onload="alert(1)"&gt;&lt;/svg&gt;'],
  ['<b onclick="alert(1)">x</b>', '<b>x</b>'],
  ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
  ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
  ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
  ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
  [
    '<a href="https://ok.example" style="color:red" onmouseover="alert(1)">x</a>',
    '<a href="https://ok.example">x</a>',
  ],
  [
    '<iframe src="https://evil.example"></iframe>',
    '&lt;iframe src="https://evil.example"&gt;&lt;/iframe&gt;',
  ],
  ['<style>*{display:none}</style>', '&lt;style&gt;*{display:none}&lt;/style&gt;'],
  ['<b><script>alert(1)</script></b>', '<b>&lt;script&gt;alert(1)&lt;/script&gt;</b>'],
  ['<!-- <script>alert(1)</script> -->ok', 'ok'],
  [
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '&lt;math&gt;&lt;mi xlink:href="javascript:alert(1)"&gt;x&lt;/mi&gt;&lt;/math&gt;',
  ],
  [
    '<svg><a href="javascript:alert(1)">x</a></svg>',
    '&lt;svg&gt;&lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt;&lt;/svg&gt;',
  ],
  [
    '<template><script>alert(1)</script></template>',
    '&lt;template&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/template&gt;',
  ],
  ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
];

describe('sanitizeRichText against XSS payloads', () => {
  it.each(XSS_PAYLOADS)('%s', (payload, expected) => {
    const output = sanitizeRichText(payload);
    expect(output).toBe(expected);
    const parsed = new DOMParser().parseFromString(output, 'text/html').body;
    for (const element of Array.from(parsed.querySelectorAll('*'))) {
      expect(['a', 'b', 'i', 'em', 'strong']).toContain(element.localName);
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name).not.toMatch(/^on/i);
        expect(attribute.value).not.toMatch(/script:|data:/i);
      }
    }
  });

  it('flattens absurdly deep nesting to text instead of recursing without end', () => {
    const deep = `${'<b>'.repeat(200)}deep${'</b>'.repeat(200)}`;
    expect(richTextToPlain(deep)).toBe('deep');
    expect(JSON.stringify(parseRichText(deep)).length).toBeLessThan(5000);
  });
});

describe('sanitizeRichText with images (global notices)', () => {
  it.each([
    [
      '<img src="https://cdn.example/a.png" alt="A" width="10" onerror="x()" style="x">',
      '<img src="https://cdn.example/a.png" alt="A" width="10">',
    ],
    [
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
    ],
    ['<img src="javascript:alert(1)" alt="x">', '&lt;img src="javascript:alert(1)" alt="x"&gt;'],
    ['<img src="data:text/html,x">', '&lt;img src="data:text/html,x"&gt;'],
    ['<img src="/api/user">', '&lt;img src="/api/user"&gt;'],
    [
      '<img src="https://a.example/1.png" srcset="https://a.example/2.png 2x, javascript:x 3x">',
      '<img src="https://a.example/1.png">',
    ],
  ])('%s', (input, expected) => {
    expect(sanitizeRichText(input, { images: true })).toBe(expected);
  });

  it('escapes images where they are not allowed', () => {
    expect(sanitizeRichText('<img src="https://cdn.example/a.png">')).toBe(
      '&lt;img src="https://cdn.example/a.png"&gt;',
    );
  });
});

describe('isAllowedUrl', () => {
  it.each([
    ['https://example.com', true],
    ['HTTP://EXAMPLE.COM', true],
    ['mailto:a@b.c', true],
    ['relative/path', true],
    ['#top', true],
    ['javascript:alert(1)', false],
    ['\u0001javascript:alert(1)', false],
    ['file:///etc/passwd', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedUrl(url)).toBe(allowed);
  });
});
