import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TermsText, termsParagraphs } from './terms-text';

describe('terms text', () => {
  it('splits paragraphs on blank lines, keeps single line breaks, drops empty ones', () => {
    expect(termsParagraphs('One\nstill one\n\n\n  Two  \r\n\r\nThree\n \n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
    expect(termsParagraphs('   ')).toEqual([]);
  });

  it('renders a <script> and other markup as text, never as elements', () => {
    const { container } = render(
      <TermsText text={'<script>alert(1)</script>\n\n<b>bold</b> <img src=x onerror=alert(2)>'} />,
    );
    expect(container.querySelector('script, b, img')).toBeNull();
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]!.textContent).toBe('<script>alert(1)</script>');
    expect(paragraphs[1]!.textContent).toBe('<b>bold</b> <img src=x onerror=alert(2)>');
  });
});
