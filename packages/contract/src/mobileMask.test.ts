import { describe, expect, it } from 'vitest';
import { maskMobile } from './mobileMask.ts';

describe('maskMobile', () => {
  it('keeps the first 3 and last 4 digits of a mobile number', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskMobile('+8613912345678')).toBe('+86****5678');
  });

  it('hides a number too short to keep both ends', () => {
    expect(maskMobile('123456')).toBe('****');
    expect(maskMobile('1')).toBe('****');
  });

  it('shows nothing where there is no number', () => {
    expect(maskMobile('')).toBe('');
    expect(maskMobile(null)).toBe('');
    expect(maskMobile(undefined)).toBe('');
  });
});
