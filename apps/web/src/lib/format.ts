// Dates and numbers in the language the user chose in the app (spec section 9), not the browser's:
// a German reader sees 27.11.2026 and 1.234,5 on an English-language browser.
import i18next from 'i18next';
import { enrollmentPercent } from '@ctp/contracts';

/** The app's language as a BCP 47 tag for Intl (en, de, es, fr, ja); English before i18next starts. */
export function appLocale(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'en';
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  // Calendar dates arrive as YYYY-MM-DD: read them as local dates so no timezone shifts the day.
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(appLocale());
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(appLocale());
}

export function formatNumber(n: number, digits = 0): string {
  return n.toLocaleString(appLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A figure with the decimals it has (at most two) in the app's language: 53.3 reads "53,3" in German. */
export function formatFigure(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const decimals = Number.isInteger(n) ? 0 : Math.min(2, (String(n).split('.')[1] ?? '').length);
  return formatNumber(n, decimals);
}

/**
 * Message parameters sent by the server with their numbers in the app's language. `count` stays a
 * number, since it picks the plural form.
 */
export function formatParams<T extends string | number | null>(
  params: Record<string, T>,
): Record<string, T | string> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'number' && k !== 'count' ? formatFigure(v) : v]),
  );
}

/** The currency's short symbol in the app's language: $, €, £, CHF ... */
function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat(appLocale(), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? `${currency} `;
}

/** Budget in millions with one decimal (spec section 9), e.g. $12.5M or €3.0M. */
export function formatMillions(amount: number, currency = 'USD'): string {
  return `${currencySymbol(currency)}${formatNumber(amount / 1_000_000, 1)}M`;
}

/** Amounts in several currencies, each in millions, never added together: "$75.9M + €1.0M". */
export function formatMillionsByCurrency(amounts: { currency: string; amount: number }[]): string {
  return amounts.length ? amounts.map((a) => formatMillions(a.amount, a.currency)).join(' + ') : formatMillions(0);
}

export function formatMoney(amount: number, currency = 'USD'): string {
  return amount.toLocaleString(appLocale(), { style: 'currency', currency, maximumFractionDigits: 0 });
}

/** Enrollment percent rounded for text displays. */
export function percentText(current: number, target: number): string {
  return `${Math.round(enrollmentPercent(current, target))}%`;
}

/** Today's calendar date in the browser's time zone, as YYYY-MM-DD (a date input's value). */
export function todayLocalIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Whole days since a timestamp, rounded. */
export function daysSince(value: string | Date): number {
  return Math.round((Date.now() - new Date(value).getTime()) / 86_400_000);
}

/** Triggers a download of text content produced by the server. */
export function downloadText(filename: string, contentType: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
