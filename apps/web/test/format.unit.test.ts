// Dates and numbers follow the language chosen in the app (i18next), whatever the browser's locale.
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFigure, formatMillions, formatNumber } from '../src/lib/format';

describe('format in the app language', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'de', fallbackLng: 'en', resources: {} });
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('writes dates and numbers the German way when the app is in German', () => {
    expect(formatDate('2026-11-27')).toBe('27.11.2026');
    expect(formatDateTime('2026-11-27T14:05:00')).toMatch(/^27\.11\.2026, 14:05:00$/);
    expect(formatNumber(1234.5, 1)).toBe('1.234,5');
    expect(formatFigure(53.3)).toBe('53,3');
    expect(formatMillions(12_500_000, 'EUR')).toBe('€12,5M');
  });

  it('follows a switch of language', async () => {
    await i18next.changeLanguage('ja');
    expect(formatDate('2026-11-27')).toBe('2026/11/27');
    await i18next.changeLanguage('en');
    expect(formatDate('2026-11-27')).toBe('11/27/2026');
    expect(formatNumber(1234.5, 1)).toBe('1,234.5');
  });
});
