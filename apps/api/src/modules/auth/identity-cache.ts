// Who is asking, remembered for a few seconds: the session a token resolves to and the user's study
// scope. Every request needs both, and reading them costs database round trips that dominate a list
// call's time under load. Entries live SESSION_CACHE_SECONDS (default 5; 0 turns the cache off):
//   - a session ended by this process (log-out, password change) is forgotten at once, and so is the
//     scope of a user whose memberships a procedure changed (the creator of a study);
//   - on PostgreSQL, a change made anywhere (another server process, a script) is forgotten as soon as
//     its transaction commits: triggers notify every process (cache-invalidation.ts). While a process is
//     not listening (starting, or its listening connection lost) it serves nothing from memory;
//   - an absolute expiry is checked on every hit; the idle window (30 minutes) is re-read from the
//     database when the entry lapses.
// A read that was under way while something was forgotten is not remembered (it may predate the change).
// Unknown tokens are never cached, so guessing cannot fill memory; the maps are bounded besides.
import type { Memberships } from '../../access.ts';
import type { ResolvedSession } from './session.ts';

const MAX_ENTRIES = 10_000;

/** A Map whose entries lapse after ttlMs; the oldest entry goes when it is full. */
class LapsingMap<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  constructor(private readonly ttlMs: number) {}

  get(key: K, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: K, value: V, now: number) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  deleteWhere(test: (key: K, value: V) => boolean) {
    for (const [key, { value }] of this.entries) if (test(key, value)) this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}

export class IdentityCache {
  private readonly sessions: LapsingMap<string, ResolvedSession>;
  private readonly scopes: LapsingMap<number, Memberships>;
  /** False while changes made elsewhere could go unheard: nothing is served from memory or remembered. */
  private live = true;
  /** Moves at every forget, so a read that began before it is not remembered. */
  private generation = 0;

  constructor(ttlSeconds: number) {
    this.sessions = new LapsingMap(ttlSeconds * 1000);
    this.scopes = new LapsingMap(ttlSeconds * 1000);
  }

  /** The session of a token hash, from memory when recently resolved and not past its absolute expiry. */
  async session(tokenHash: string, load: () => Promise<ResolvedSession | null>): Promise<ResolvedSession | null> {
    if (!this.live) return load();
    const now = Date.now();
    const cached = this.sessions.get(tokenHash, now);
    if (cached && cached.expiresAt.getTime() > now) return cached;
    const generation = this.generation;
    const found = await load();
    if (found && this.live && generation === this.generation) this.sessions.set(tokenHash, found, now);
    return found;
  }

  /** A user's open study memberships (roles and sites per study). */
  async memberships(userId: number, load: () => Promise<Memberships>): Promise<Memberships> {
    if (!this.live) return load();
    const now = Date.now();
    const cached = this.scopes.get(userId, now);
    if (cached) return cached;
    const generation = this.generation;
    const scope = await load();
    if (this.live && generation === this.generation) this.scopes.set(userId, scope, now);
    return scope;
  }

  forgetSession(sessionId: number) {
    this.generation++;
    this.sessions.deleteWhere((_, s) => s.sessionId === sessionId);
  }

  /** A user's study scope, after a procedure changed their memberships (a study they created). */
  forgetScope(userId: number) {
    this.generation++;
    this.scopes.deleteWhere((id) => id === userId);
  }

  /** Every session and the scope of a user (password changed). */
  forgetUser(userId: number) {
    this.sessions.deleteWhere((_, s) => s.user.id === userId);
    this.forgetScope(userId);
  }

  /** Forgets everything and serves nothing from memory until resume(): changes may go unheard meanwhile. */
  suspend() {
    this.live = false;
    this.forgetAll();
  }

  /** Listening again: starts afresh (messages sent meanwhile were missed). */
  resume() {
    this.forgetAll();
    this.live = true;
  }

  private forgetAll() {
    this.generation++;
    this.sessions.clear();
    this.scopes.clear();
  }
}
