// The periodic access review (issue 26 item 8; 21 CFR 11.10(d) and (g), 11.300): every account,
// sorted by name, with its global role, status, last log-in, two-factor state, whether it may use a
// password or only single sign-on, its active API tokens and every study membership, past ones
// included (study, study role, sites, start and end). Administrators only (users.accessReview and
// GET /api/users/access-review.csv|.pdf). Three queries, one per section (accounts, tokens,
// memberships), whatever the number of users; nothing secret (no hashes, no token prefixes).
import { sql, type Db } from '@ctp/db';
import type { Role, UserStatus } from '@ctp/contracts';
import { toCsv } from '../../csv.ts';
import { userStatusSql } from './status.ts';

export interface ReviewToken {
  name: string;
  access: 'read' | 'read-write';
  createdAt: Date;
  expiresAt: Date;
}

export interface ReviewMembership {
  studyCode: string;
  studyTitle: string;
  role: Role;
  /** "<site number> <site name>"; empty for a study-wide membership (every site). */
  sites: string[];
  startedAt: Date;
  /** Null while the membership is open. */
  endedAt: Date | null;
}

export interface ReviewUser {
  id: number;
  fullName: string;
  email: string;
  role: Role;
  status: UserStatus;
  lastLoginAt: Date | null;
  mfaEnabledAt: Date | null;
  passwordLogin: boolean;
  createdAt: Date;
  deactivatedAt: Date | null;
  tokens: ReviewToken[];
  memberships: ReviewMembership[];
}

export interface AccessReview {
  generatedAt: Date;
  generatedBy: { fullName: string; email: string };
  users: ReviewUser[];
}

const date = (d: Date | string) => new Date(d);
const maybeDate = (d: Date | string | null) => (d === null ? null : new Date(d));

/** Every account with its tokens and memberships, by name. */
export async function loadAccessReview(db: Db): Promise<ReviewUser[]> {
  const [users, tokens, memberships] = await Promise.all([
    db
      .selectFrom('users as u')
      .select(['u.id', 'u.fullName', 'u.email', 'u.role', 'u.lastLoginAt', 'u.mfaEnabledAt', 'u.passwordLogin', 'u.createdAt', 'u.deactivatedAt', userStatusSql.as('status')])
      .orderBy(sql`lower(u.full_name)`)
      .orderBy('u.id')
      .execute(),
    // Active tokens only: neither revoked nor expired.
    db
      .selectFrom('apiTokens')
      .select(['userId', 'name', 'access', 'createdAt', 'expiresAt'])
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .orderBy('userId')
      .orderBy('expiresAt')
      .orderBy('id')
      .execute(),
    // One line per person, study, study role and end: the open membership rows of a site role (one
    // per site) together, and each ended group of rows (ended together) as it was.
    sql<{ userId: number; studyCode: string; studyTitle: string; role: Role; startedAt: Date; endedAt: Date | null; sites: string[] }>`
      select m.user_id, s.code as study_code, s.title as study_title, m.role, min(m.created_at) as started_at, m.ended_at,
             coalesce(jsonb_agg(t.site_number || ' ' || t.name order by t.site_number) filter (where t.id is not null), '[]'::jsonb) as sites
        from study_memberships m
        join studies s on s.id = m.study_id
        left join sites t on t.id = m.site_id
       group by m.user_id, s.id, s.code, s.title, m.role, m.ended_at
       order by m.user_id, s.code, m.ended_at is not null, min(m.created_at), m.ended_at`.execute(db),
  ]);
  const tokensOf = new Map<number, ReviewToken[]>();
  for (const k of tokens) {
    const list = tokensOf.get(k.userId) ?? [];
    list.push({ name: k.name, access: k.access, createdAt: date(k.createdAt), expiresAt: date(k.expiresAt) });
    tokensOf.set(k.userId, list);
  }
  const membershipsOf = new Map<number, ReviewMembership[]>();
  for (const m of memberships.rows) {
    const list = membershipsOf.get(m.userId) ?? [];
    list.push({ studyCode: m.studyCode, studyTitle: m.studyTitle, role: m.role, sites: m.sites, startedAt: date(m.startedAt), endedAt: maybeDate(m.endedAt) });
    membershipsOf.set(m.userId, list);
  }
  return users.map((u) => ({
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    role: u.role,
    status: u.status,
    lastLoginAt: maybeDate(u.lastLoginAt),
    mfaEnabledAt: maybeDate(u.mfaEnabledAt),
    passwordLogin: u.passwordLogin,
    createdAt: date(u.createdAt),
    deactivatedAt: maybeDate(u.deactivatedAt),
    tokens: tokensOf.get(u.id) ?? [],
    memberships: membershipsOf.get(u.id) ?? [],
  }));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** A timestamp in UTC to the second, as inspectors read it: 2026-03-12 14:05:09 UTC. */
export const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

export const mfaLabel = (u: ReviewUser) => (u.mfaEnabledAt ? 'enabled' : 'not enabled');
export const passwordLabel = (u: ReviewUser) => (u.passwordLogin ? 'password allowed' : 'SSO only');
export const tokenLabel = (k: ReviewToken) => `${k.name} (${k.access === 'read' ? 'read-only' : 'read-write'}, expires ${isoDay(k.expiresAt)})`;
export const sitesLabel = (m: ReviewMembership) => (m.sites.length ? m.sites.join(', ') : 'all sites');
export const periodLabel = (m: ReviewMembership) => `${isoDay(m.startedAt)} to ${m.endedAt ? isoDay(m.endedAt) : 'present'}`;
export const membershipLabel = (m: ReviewMembership) => `${m.studyCode}: ${m.role}; ${sitesLabel(m)}; ${periodLabel(m)}`;

export const CSV_COLUMNS = [
  'User ID',
  'Name',
  'E-mail',
  'Global role',
  'Status',
  'Last login (UTC)',
  'Two-factor authentication',
  'Password log-in',
  'Active API tokens',
  'API tokens (name, access, expiry)',
  'Current study memberships',
  'Study memberships (study: role; sites; start to end)',
] as const;

/**
 * One row per account; tokens and memberships one per line inside their cells. The lines before the
 * header start with '#' and say what the file is, when and by whom it was made (a CSV reader with a
 * comment character, e.g. csv-parse's `comment: '#'` or pandas' `comment='#'`, skips them; the first
 * column is a number, so no account row can start with '#').
 */
export function accessReviewCsv(review: AccessReview): string {
  const preamble = [
    '# Access review: every user account with its roles, study memberships (past and present), two-factor authentication, password log-in and active API tokens',
    `# Generated ${utc(review.generatedAt)} by ${oneLine(review.generatedBy.fullName)} <${oneLine(review.generatedBy.email)}>`,
    `# Accounts: ${review.users.length}`,
  ].join('\r\n');
  const body = toCsv(
    [...CSV_COLUMNS],
    review.users.map((u) => [
      u.id,
      u.fullName,
      u.email,
      u.role,
      u.status,
      u.lastLoginAt ? utc(u.lastLoginAt) : 'never',
      mfaLabel(u),
      passwordLabel(u),
      u.tokens.length,
      u.tokens.map(tokenLabel).join('\n'),
      u.memberships.filter((m) => m.endedAt === null).length,
      u.memberships.map(membershipLabel).join('\n'),
    ]),
  );
  return `${preamble}\r\n${body}`;
}

/** A value for a comment line: no line breaks. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
