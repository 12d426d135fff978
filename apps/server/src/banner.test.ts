import { describe, expect, it } from 'vitest';
import { startBanner } from './banner.ts';

describe('startBanner', () => {
  it('names the portal and /admin on localhost when the server listens on every interface', () => {
    const text = startBanner({ host: '0.0.0.0', port: 8080, demo: true });
    expect(text).toContain('portal:          http://localhost:8080/');
    expect(text).toContain('administration:  http://localhost:8080/admin');
    expect(text).toContain('Demo accounts');
    expect(text.trim().startsWith('{')).toBe(false);
  });

  it('keeps a named host and brackets an IPv6 one', () => {
    expect(startBanner({ host: '10.0.0.5', port: 3000, demo: false })).toContain('http://10.0.0.5:3000/admin');
    expect(startBanner({ host: '::1', port: 3000, demo: false })).toContain('http://[::1]:3000/');
  });

  it('says nothing about demo accounts when there is no demo data', () => {
    expect(startBanner({ host: '::', port: 8080, demo: false })).not.toMatch(/demo/i);
  });
});
