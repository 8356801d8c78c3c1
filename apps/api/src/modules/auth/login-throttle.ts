// Log-in attempts per client address: at most LOGIN_ATTEMPTS_PER_MINUTE in any minute (default 20),
// against password guessing across many accounts; the per-account lock-out (service.ts) covers one
// account. It runs inside the log-in procedure, so a refusal is an ordinary tRPC error
// (TOO_MANY_REQUESTS) that the login page shows in the reader's language. The count lives in this
// process's memory: behind several server processes each counts its own share.
import { TRPCError } from '@trpc/server';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export const TOO_MANY_LOGINS = 'Too many log-in attempts from this address. Wait a minute and try again.';

export class LoginThrottle {
  private readonly limiter: RateLimiterMemory;

  constructor(attemptsPerMinute: number) {
    this.limiter = new RateLimiterMemory({ points: attemptsPerMinute, duration: 60 });
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
