// Structured logs with no clinical values, passwords or tokens: request bodies and query strings are
// never logged, and the cookie and authorization headers are redacted.
import { pino } from 'pino';

export function createLogger(level: string) {
  return pino({
    level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  });
}
export type Logger = ReturnType<typeof createLogger>;
