import { describe, expect, it } from 'vitest';
import { genderName, maskPhone } from './format.ts';

describe('format', () => {
  it('masks an 11-digit phone as 138****0001', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone(null)).toBe('');
  });
  it('gender 0 is 男, anything else 女', () => {
    expect(genderName(0)).toBe('男');
    expect(genderName(1)).toBe('女');
    expect(genderName(2)).toBe('女');
  });
});
