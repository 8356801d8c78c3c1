import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  budgetLineInput,
  changePasswordInput,
  englishIssueMessage,
  milestoneInput,
  milestoneUpdateInput,
  patientEnrollInput,
  siteCreateInput,
  siteUpdateInput,
  studyCreateInput,
} from '../src/index.ts';

const site = { siteNumber: 'SITE-900', siteName: 'Test Site', country: 'France' };
const milestone = { name: 'Interim analysis', date: '2025-06-01', status: 'pending' as const };
const firstMessage = (r: { error?: z.ZodError }, field: string) =>
  r.error?.issues.find((i) => i.path.join('.') === field)?.message;

describe('site phone', () => {
  it.each(['+1 (555) 123-4567', '+49 30 1234567', '030.123.4567 x12', '555-1234 ext. 9', '555 1234 EXT 12', '+81 999 9999'])(
    'accepts %s',
    (phone) => {
      expect(siteCreateInput.safeParse({ ...site, phone }).success).toBe(true);
    },
  );

  it.each(['abc', '12345', 'call 555 1234', '555-1234 ext', '+1 555 123 4567 / 8', '1'.repeat(31), '55+5 1234'])('refuses %s', (phone) => {
    const r = siteCreateInput.safeParse({ ...site, phone });
    expect(r.success).toBe(false);
    expect(firstMessage(r, 'phone')).toBe('Enter a valid phone number, e.g. +1 555 123 4567');
  });

  it('stays optional: absent, null or empty', () => {
    expect(siteCreateInput.safeParse(site).success).toBe(true);
    expect(siteCreateInput.safeParse({ ...site, phone: null }).success).toBe(true);
    expect(siteCreateInput.safeParse({ ...site, phone: '  ' }).success).toBe(true);
  });

  it('is checked on update too', () => {
    const update = { id: 1, version: 1, reason: 'New number' };
    expect(siteUpdateInput.safeParse({ ...update, changes: { phone: 'abc' } }).success).toBe(false);
    expect(siteUpdateInput.safeParse({ ...update, changes: { phone: '+33 1 23 45 67 89' } }).success).toBe(true);
  });
});

describe('milestone date', () => {
  it.each(['1990-01-01', '2025-06-01', '2100-12-31'])('accepts %s', (date) => {
    expect(milestoneInput.safeParse({ ...milestone, date }).success).toBe(true);
  });

  it.each(['1900-01-01', '1989-12-31', '2101-01-01'])('refuses %s, outside the plausible window', (date) => {
    const r = milestoneInput.safeParse({ ...milestone, date });
    expect(firstMessage(r, 'date')).toBe('Use a date between 1990-01-01 and 2100-12-31');
  });

  it('is checked on update too', () => {
    const r = milestoneUpdateInput.safeParse({ id: 1, version: 1, reason: 'Moved', changes: { date: '1900-01-01' } });
    expect(firstMessage(r, 'changes.date')).toBe('Use a date between 1990-01-01 and 2100-12-31');
  });

  it('asks for a date when it is empty, and keeps the format message for a malformed one', () => {
    const empty = milestoneInput.safeParse({ ...milestone, date: '' });
    expect(empty.error?.issues.filter((i) => i.path[0] === 'date')).toHaveLength(1);
    expect(empty.error?.issues[0]).toMatchObject({ code: 'too_small', path: ['date'] });
    expect(firstMessage(milestoneInput.safeParse({ ...milestone, date: '01/06/2025' }), 'date')).toBe('Use the date format YYYY-MM-DD');
  });
});

describe('friendly messages for rules without their own (English, as the server writes them)', () => {
  beforeAll(() => z.config({ customError: englishIssueMessage }));
  afterAll(() => z.config({ customError: undefined }));

  it('writes limits as a person would', () => {
    expect(firstMessage(milestoneInput.safeParse({ ...milestone, name: 'x' }), 'name')).toBe('Enter at least 2 characters');
    expect(firstMessage(milestoneInput.safeParse({ ...milestone, name: 'x'.repeat(201) }), 'name')).toBe('Enter at most 200 characters');
    const line = { category: 'personnel', plannedAmount: 1, actualAmount: 1 };
    expect(firstMessage(budgetLineInput.safeParse({ ...line, plannedAmount: 2e12 }), 'plannedAmount')).toBe(
      'Enter at most 1,000,000,000,000',
    );
    expect(firstMessage(budgetLineInput.safeParse({ ...line, actualAmount: -1 }), 'actualAmount')).toBe('Enter 0 or more');
    expect(firstMessage(budgetLineInput.safeParse({ ...line, actualAmount: 'abc' }), 'actualAmount')).toBe('Enter a number');
    const study = { studyId: 'ABC-001', title: 'A study', phase: 'Phase I', status: 'planning', targetEnrollment: 2_000_000 };
    expect(firstMessage(studyCreateInput.safeParse(study), 'targetEnrollment')).toBe('Enter at most 1,000,000');
  });

  it('says a field is required when it is empty or missing, dates included', () => {
    expect(firstMessage(milestoneInput.safeParse({ ...milestone, name: '  ' }), 'name')).toBe('This field is required');
    expect(firstMessage(milestoneInput.safeParse({ ...milestone, date: '' }), 'date')).toBe('This field is required');
    expect(firstMessage(milestoneInput.safeParse({ ...milestone, status: undefined }), 'status')).toBe('This field is required');
    expect(firstMessage(milestoneInput.safeParse({ ...milestone, status: 'someday' }), 'status')).toBe('Choose one of the options');
    const password = changePasswordInput.safeParse({ currentPassword: '', newPassword: 'a-new-passw0rd' });
    expect(firstMessage(password, 'currentPassword')).toBe('This field is required');
    const patient = patientEnrollInput.safeParse({ studyId: 1, siteId: 1, screeningDate: '', yearOfBirth: 1970, sex: 'F' });
    expect(firstMessage(patient, 'screeningDate')).toBe('This field is required');
  });

  it("keeps the contracts' own messages", () => {
    expect(firstMessage(siteCreateInput.safeParse({ ...site, siteName: '' }), 'siteName')).toBe('Give the site a name');
    expect(firstMessage(milestoneInput.safeParse({ ...milestone, date: '2025-02-30' }), 'date')).toBe('Not a valid date');
  });
});
