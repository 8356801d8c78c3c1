// The per-process identity cache's rules that make cross-instance invalidation safe: a message forgets
// what it names, a read under way during a forget is not remembered, and a suspended cache (its process
// not listening) serves nothing from memory until it resumes, empty.
import { describe, expect, it } from 'vitest';
import { IdentityCache } from '../src/modules/auth/identity-cache.ts';
import { applyInvalidation } from '../src/modules/auth/cache-invalidation.ts';
import type { ResolvedSession } from '../src/modules/auth/session.ts';
import type { Memberships } from '../src/access.ts';

const session = (sessionId: number, userId: number): ResolvedSession => ({
  sessionId,
  expiresAt: new Date(Date.now() + 3600_000),
  user: { id: userId, email: `u${userId}@example.org`, fullName: 'Someone', role: 'monitor', title: 'Monitor' },
});
const scope: Memberships = { all: false, roles: new Map([[1, 'monitor']]), sites: new Map() };

/** Counts the loads a cache makes: a load is a database read, a hit is none. */
function counted<T>(value: T) {
  const load = async () => {
    load.calls++;
    return value;
  };
  load.calls = 0;
  return load;
}

describe('IdentityCache', () => {
  it('answers from memory until a message names the session, the user or the scope', async () => {
    const cache = new IdentityCache(30);
    const load = counted(session(7, 3));
    await cache.session('hash', load);
    await cache.session('hash', load);
    expect(load.calls).toBe(1);
    applyInvalidation(cache, JSON.stringify({ session: 8 }));
    await cache.session('hash', load);
    expect(load.calls).toBe(1); // another session: kept
    applyInvalidation(cache, JSON.stringify({ session: 7 }));
    await cache.session('hash', load);
    expect(load.calls).toBe(2);
    applyInvalidation(cache, JSON.stringify({ user: 3 }));
    await cache.session('hash', load);
    expect(load.calls).toBe(3);

    const scopes = counted(scope);
    await cache.memberships(3, scopes);
    await cache.memberships(3, scopes);
    expect(scopes.calls).toBe(1);
    applyInvalidation(cache, JSON.stringify({ scope: 3 }));
    await cache.memberships(3, scopes);
    expect(scopes.calls).toBe(2);
  });

  it('ignores payloads it does not understand', async () => {
    const cache = new IdentityCache(30);
    const load = counted(session(7, 3));
    await cache.session('hash', load);
    for (const payload of ['not json', '{"session":"7"}', '{}', 'null']) applyInvalidation(cache, payload);
    await cache.session('hash', load);
    expect(load.calls).toBe(1);
  });

  it('does not remember a read that was under way when something was forgotten', async () => {
    const cache = new IdentityCache(30);
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((r) => (release = r));
      return session(7, 3);
    };
    const pending = cache.session('hash', slow);
    cache.forgetSession(7); // the log-out committed while the read was in flight
    release();
    await pending;
    const load = counted(session(7, 3));
    await cache.session('hash', load);
    expect(load.calls).toBe(1);
  });

  it('serves nothing from memory while suspended, and resumes empty', async () => {
    const cache = new IdentityCache(30);
    const load = counted(session(7, 3));
    await cache.session('hash', load);
    cache.suspend();
    await cache.session('hash', load);
    await cache.session('hash', load);
    expect(load.calls).toBe(3);
    cache.resume();
    await cache.session('hash', load);
    await cache.session('hash', load);
    expect(load.calls).toBe(4);
  });
});
