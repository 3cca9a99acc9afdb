import { describe, expect, it } from '@jest/globals';
import { sanitizeHtmlBody } from './html-sanitizer';

describe('sanitizeHtmlBody', () => {
  it('keeps text markup, links and images', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <a href="https://example.com">a link</a>.</p>' +
      '<ul><li>one</li></ul><img src="https://cdn.example.com/a.png" alt="A" />';
    expect(sanitizeHtmlBody(html)).toBe(html);
  });

  it.each([
    ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<p onclick="alert(1)" style="color:red">hi</p>', '<p>hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA" onerror="alert(1)">', '<img />'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<style>p{}</style><p>x</p>', '<p>x</p>'],
    ['<form action="/x"><input name="a"></form>', ''],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
  ])('removes what could run: %s', (input, output) => {
    expect(sanitizeHtmlBody(input)).toBe(output);
  });

  it('makes a link that opens a new window unable to reach its opener', () => {
    expect(sanitizeHtmlBody('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
