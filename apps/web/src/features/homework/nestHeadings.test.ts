import { describe, expect, it } from 'vitest';
import { nestHeadings } from './common.tsx';

describe('the headings of written text under the page’s own', () => {
  it('takes the levels in order from h3, none skipped', () => {
    expect(nestHeadings('<h4>一、认识</h4><p>正文</p><h6 id="x">（一）</h6>')).toBe('<h3>一、认识</h3><p>正文</p><h4 id="x">（一）</h4>');
  });
  it('leaves text without headings, and other tags beginning with h, as they are', () => {
    expect(nestHeadings('<p>正文</p><hr><header>页眉</header>')).toBe('<p>正文</p><hr><header>页眉</header>');
  });
});
