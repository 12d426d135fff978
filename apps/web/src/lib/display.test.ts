import { describe, expect, it } from 'vitest';
import { displayOf, STANDARD } from './display.ts';

describe('the stored display settings', () => {
  it('read as the toolbar’s choices, anything else as the standard setting', () => {
    expect(displayOf(null)).toEqual(STANDARD);
    expect(displayOf('care')).toEqual(STANDARD);
    const chosen = { care: true, zoom: 1.75, contrast: 'blackOnYellow', bigCursor: true, guide: 'cross', readAloud: true, plain: true };
    expect(displayOf(chosen)).toEqual(chosen);
    // A hand-edited or older record: each unknown value falls back on its own.
    expect(displayOf({ care: 'yes', zoom: 3, contrast: 'red', bigCursor: 1, guide: 'line', readAloud: false, plain: 'on' })).toEqual({ ...STANDARD, guide: 'line' });
  });
});
