import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has working defaults: embedded database in ./.data on port 3000', () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('.data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SEED_DEMO_DATA).toBe(true);
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and lists of origins', () => {
    const c = parseConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/ctp',
      DATABASE_URL: 'postgres://app@db:5432/ctp',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      SEED_DEMO_DATA: 'false',
    });
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toBe('/var/lib/ctp');
    expect(c.DATABASE_URL).toBe('postgres://app@db:5432/ctp');
    expect(c.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(c.SEED_DEMO_DATA).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('refuses bad values and names them', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseConfig({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
