// Structured logs with no clinical values, passwords or tokens: request bodies and query strings are
// never logged, and the cookie and authorization headers are redacted.
import { pino, type DestinationStream } from 'pino';

/** A logger at `level`, writing JSON lines to standard output (or to `destination`, for tests). */
export function createLogger(level: string, destination?: DestinationStream) {
  const options = {
    level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type Logger = ReturnType<typeof createLogger>;
