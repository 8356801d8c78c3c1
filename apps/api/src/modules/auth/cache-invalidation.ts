// Several server processes on one PostgreSQL database each keep an IdentityCache. The database's
// triggers (migration 0042) notify every change that must end a cached session or scope at its commit;
// each process listens on a connection of its own and forgets at once. A process that is not listening
// (before its first connection, or after losing it) serves nothing from memory, and drops its caches
// when it listens again, since messages sent meanwhile are lost.
import { CACHE_INVALIDATION_CHANNEL, listen, type Db, type Listening } from '@ctp/db';
import type { Logger } from '../../logger.ts';
import { forgetFigures } from '../dashboard/figure-cache.ts';
import type { IdentityCache } from './identity-cache.ts';

/** What the triggers send: one of { session: id }, { user: id }, { scope: userId }. */
type Message = Partial<Record<'session' | 'user' | 'scope', unknown>>;

/** Applies one notification's payload to the cache; anything unexpected is ignored. */
export function applyInvalidation(identity: IdentityCache, payload: string) {
  let message: Message;
  try {
    message = JSON.parse(payload) as Message;
  } catch {
    return;
  }
  if (typeof message !== 'object' || message === null) return;
  if (typeof message.session === 'number') identity.forgetSession(message.session);
  if (typeof message.user === 'number') identity.forgetUser(message.user);
  if (typeof message.scope === 'number') identity.forgetScope(message.scope);
}

export interface InvalidationDeps {
  databaseUrl: string;
  db: Db;
  identity: IdentityCache;
  logger: Logger;
}

/** Starts listening; the cache serves from memory once the first LISTEN has succeeded. */
export function listenForInvalidations({ databaseUrl, db, identity, logger }: InvalidationDeps): Listening {
  identity.suspend();
  return listen({
    databaseUrl,
    channel: CACHE_INVALIDATION_CHANNEL,
    onMessage: (payload) => applyInvalidation(identity, payload),
    onListening: (first) => {
      identity.resume();
      if (!first) {
        forgetFigures(db);
        logger.warn('cache invalidation: listening again; cached sessions, scopes and figures dropped');
      }
    },
    onLost: (err) => {
      identity.suspend();
      forgetFigures(db);
      logger.warn({ err: { name: err.name, message: err.message } }, 'cache invalidation: connection lost; caches off until it is back');
    },
  });
}
