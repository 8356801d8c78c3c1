// ISO 8601 durations as USDM timings carry them ('P2D', 'PT15M', 'P2W', '-P2D'), parsed with
// iso8601-duration (which ignores a leading sign, so the sign is read here) and expressed in days.
import { parse, toSeconds, pattern } from 'iso8601-duration';

const DAY = 86_400;
// Years and months vary in length: measured from a fixed date so that a duration always means the same.
const FROM = new Date(Date.UTC(2000, 0, 1));

export class DurationError extends Error {}

/** Signed length in seconds; throws DurationError for anything that is not an ISO 8601 duration. */
export function durationSeconds(text: string): number {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const body = negative || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
  if (!/^P/.test(body) || /^PT?$/.test(body) || body.endsWith('T') || !new RegExp(`^${pattern.source}$`).test(body)) {
    throw new DurationError('not an ISO 8601 duration');
  }
  const seconds = toSeconds(parse(body), FROM);
  return negative ? -seconds : seconds;
}

export const durationDays = (text: string) => durationSeconds(text) / DAY;

/** A window's width in whole days: any part of a day widens it to that day (PT4H -> 1), never narrows it. */
export function windowDays(text: string | null | undefined): number {
  if (!text) return 0;
  return Math.max(0, Math.ceil(Math.abs(durationSeconds(text)) / DAY - 1e-9));
}

/** A study day from a signed offset in seconds: rounded to the nearest day (PT15M before day 0 is day 0). */
export const studyDay = (seconds: number) => {
  const d = Math.round(seconds / DAY);
  return d === 0 ? 0 : d; // no -0
};

/** Whole days as an ISO 8601 duration: 14 -> 'P14D', 0 -> 'P0D'. */
export const daysDuration = (days: number) => `P${Math.abs(days)}D`;
