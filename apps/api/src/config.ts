// Environment parsed with zod: the server refuses to start on a bad value and says which one.
import { z } from 'zod';
import { ROLES, type Role } from '@ctp/contracts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Where trial master file documents are stored (by content hash); default DATA_DIR/files. */
  STORAGE_DIR: z.string().min(1).optional(),
  /** The largest file an upload may carry, in megabytes. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(2048).default(50),
  DEMO_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  SEED_DEMO_DATA: bool.default(true),
  /** Apply pending migrations at start; false when a separate job runs `npm run db:migrate` first (the server then refuses to start on a database that is behind). */
  MIGRATE_ON_START: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: bool.optional(),
  /** Extra origins allowed to send state-changing requests (comma-separated), besides the server's own. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  WEB_DIST: z.string().optional(),
  /** How long a resolved session and a user's study scope are remembered (0 = read them on every request). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** How long a computed data quality score is reused for the same study scope (0 = every request). */
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Log-in attempts allowed per client address in any minute (a clinic behind one NAT address shares it). */
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * The address people reach the app at (links in e-mails and in the server log); default
   * http://localhost:PORT. Never taken from a request's Host header, which a client chooses.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/, 'must be an http:// or https:// address without query')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** Outgoing mail for invitations and password resets (smtp:// or smtps:// URL); unset: links are only shown to administrators. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Clinical trial platform <no-reply@localhost>'),
  /** Roles that must use two-factor authentication (comma-separated, e.g. admin,investigator): enrolment is forced at their next log-in. */
  REQUIRE_MFA_ROLES: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(ROLES, { error: (i) => `unknown role "${String(i.input)}" (roles: ${ROLES.join(', ')})` })))
    .transform((roles): Role[] => [...new Set(roles)]),
  /** Encrypts TOTP secrets at rest (AES-256-GCM, key derived from this value); unset: stored unencrypted in a table the audit trail never records. */
  MFA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Single sign-on with OpenID Connect (modules/auth/oidc.ts): on when OIDC_ISSUER_URL and
   * OIDC_CLIENT_ID are both set. The provider redirects back to PUBLIC_URL + /auth/oidc/callback.
   */
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  /** The button's text after "Sign in with", e.g. "Hospital account". */
  OIDC_LABEL: z.string().min(1).max(80).default('single sign-on'),
  /** Create an account (no study access, OIDC_DEFAULT_ROLE) for a verified person the platform does not know. */
  OIDC_AUTO_CREATE: bool.default(false),
  OIDC_DEFAULT_ROLE: z.enum(['data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'], 'must be a role other than admin').default('monitor'),
  /** Password policy: the shortest password accepted (the product's floor is 12). */
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(12, 'must be at least 12').max(128).default(12),
  /** A new password may not repeat the current one or any of the last N before it (0 = only not the current one). */
  PASSWORD_HISTORY: z.coerce.number().int().min(0).max(24).default(5),
  /** Days after which a password must be changed at log-in (0 = never). */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  INSIGHTS_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** How often notifications are e-mailed (when SMTP_URL is set), in seconds. */
  NOTIFICATION_MAIL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  /** How often due webhook deliveries are sent, in seconds. */
  WEBHOOK_DELIVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** How often an idle job worker looks for work (PostgreSQL job queue), in seconds. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How often runs left 'running' by a process that died are handed to another worker, in seconds. */
  JOB_RECLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** SIGTERM: the longest a graceful shutdown waits for requests and jobs before the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** Prometheus metrics at /metrics on the API port, for a scraper sending `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Prometheus metrics on their own port (no token: keep it internal), e.g. 9464. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The address METRICS_PORT listens on (127.0.0.1 unless a scraper elsewhere must reach it). */
  METRICS_HOST: z.string().default('127.0.0.1'),
});

export type Config = z.infer<typeof configSchema>;

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/** Where people reach the app: PUBLIC_URL, or http://localhost:PORT. */
export function publicUrlOf(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** The storage directory in effect: STORAGE_DIR, or 'files' inside DATA_DIR. */
export function storageDirOf(config: Config): string {
  return config.STORAGE_DIR ?? `${config.DATA_DIR.replace(/[\\/]+$/, '')}/files`;
}
