import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps paragraphs, line breaks, bold, italic and underline', () => {
    const html = '<p><strong>Roma</strong> <em>in</em> <u>gioco</u><br />da scoprire</p><p>Due</p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('reads b and i as strong and em', () => {
    expect(sanitizeRichText('<p><b>a</b><i>b</i></p>')).toBe('<p><strong>a</strong><em>b</em></p>');
  });

  it('drops scripts, handlers, links, styles and any other markup, keeping the text', () => {
    const html =
      '<p onclick="x()" style="color:red"><script>alert(1)</script><a href="javascript:x">link</a>' +
      '<img src=x onerror=alert(1)><span class="c">text</span><style>p{}</style></p>';
    expect(sanitizeRichText(html)).toBe('<p>linktext</p>');
  });

  it('escapes plain text and keeps it readable', () => {
    expect(sanitizeRichText('Caccia & tesoro')).toBe('Caccia &amp; tesoro');
  });

  it('answers null when nothing readable is left', () => {
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText('<p></p>')).toBeNull();
    expect(sanitizeRichText('<p><br></p>  ')).toBeNull();
    expect(sanitizeRichText('<script>alert(1)</script>')).toBeNull();
  });
});
