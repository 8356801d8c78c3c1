// Log-in attempts per client address: at most LOGIN_ATTEMPTS_PER_MINUTE in any minute (default 20),
// against password guessing across many accounts; the per-account lock-out (service.ts) covers one
// account. It runs inside the log-in procedure, so a refusal is an ordinary tRPC error
// (TOO_MANY_REQUESTS) that the login page shows in the reader's language. On PostgreSQL the count is
// kept in the database (login_rate_limits, migration 0039), so several server processes behind a load
// balancer share one count per address; the embedded database has one process, which counts in memory.
import type pg from 'pg';
import { TRPCError } from '@trpc/server';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export const TOO_MANY_LOGINS = 'Too many log-in attempts from this address. Wait a minute and try again.';

export class LoginThrottle {
  private readonly limiter: RateLimiterAbstract;

  constructor(attemptsPerMinute: number, pool?: pg.Pool) {
    const options = { points: attemptsPerMinute, duration: 60, keyPrefix: 'login' };
    this.limiter = pool
      ? new RateLimiterPostgres({ ...options, storeClient: pool, storeType: 'pool', tableName: 'login_rate_limits', tableCreated: true })
      : new RateLimiterMemory(options);
  }

  /** Counts one attempt from this address; TOO_MANY_REQUESTS once the minute's attempts are used up. */
  async admit(address: string | null): Promise<void> {
    try {
      await this.limiter.consume(address ?? 'unknown');
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_LOGINS });
      throw err;
    }
  }
}
