import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('shows paragraphs, line breaks, bold, italic and underline', () => {
    const { container } = render(
      <RichText html="<p><strong>Roma</strong> <em>in</em> <u>gioco</u><br />da scoprire</p>" />,
    );
    expect(container.innerHTML).toBe(
      '<div><p><strong>Roma</strong> <em>in</em> <u>gioco</u><br>da scoprire</p></div>',
    );
  });

  it('keeps only the text of anything else, and runs nothing', () => {
    const { container } = render(
      <RichText
        html={
          '<p onclick="x()"><a href="javascript:x">link</a><img src=x onerror="window.ran=1">ok</p>'
        }
      />,
    );
    expect(container.innerHTML).toBe('<div><p>linkok</p></div>');
    expect(container.querySelector('[onclick], a, img')).toBeNull();
  });

  it('shows plain text as it is', () => {
    const { container } = render(<RichText html="Caccia &amp; tesoro" className="intro" />);
    expect(container.innerHTML).toBe('<div class="intro">Caccia &amp; tesoro</div>');
  });
});
