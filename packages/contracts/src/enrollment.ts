import { ENROLLMENT_HIGH, ENROLLMENT_MEDIUM } from './constants.ts';

/** Enrollment percent = current / target * 100 (spec section 9); 0 when there is no target. */
export function enrollmentPercent(current: number, target: number): number {
  return target > 0 ? (current / target) * 100 : 0;
}

/** Colour band of spec section 4: >= 80% high (green), >= 50% medium (orange), else low (primary). */
export function enrollmentLevel(current: number, target: number): 'high' | 'medium' | 'low' {
  const ratio = target > 0 ? current / target : 0;
  if (ratio >= ENROLLMENT_HIGH) return 'high';
  if (ratio >= ENROLLMENT_MEDIUM) return 'medium';
  return 'low';
}
