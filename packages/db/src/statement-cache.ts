// A pg client that keeps the app's read statements prepared on each connection.
// Kysely sends every query as an unnamed statement, so PostgreSQL parses and plans it on each call;
// for the short list and detail queries behind the screens that is much of the work. A named statement
// is parsed once per connection, and PostgreSQL's plan cache reuses a generic plan when it is not
// estimated costlier than planning for each call's values (see connect.ts for the caveat). Measured
// per call on the bench data (scale 100), one connection: the patients list 3.6 -> 1.3 ms, a search
// 4.7 -> 2.8 ms, the sites tiles 3.2 -> 2.2 ms, the study detail 2.6 -> 1.9 ms.
// Only reads are named (writes are rarer and their texts vary more), and each connection names at most
// MAX_NAMED_STATEMENTS texts: queries whose text varies with their input (an IN list of n values) would
// otherwise grow the server's memory without end. The names are hashes of the text, so the same
// statement has the same name on every connection and two texts never share one.
import { createHash } from 'node:crypto';
import pg from 'pg';

const MAX_NAMED_STATEMENTS = 256;
/**
 * First in a read whose best plan hinges on its values (a search pattern: a trigram index for a rare
 * term, the scope's index for a common one): the text then does not start with SELECT, so it stays
 * unnamed and PostgreSQL plans every call for its values. A generic plan cannot see the pattern: the
 * global search's queries group walked every query in scope (108 ms at scale 100) instead of 3 ms.
 */
export const PLANNED_PER_CALL = '/* planned per call */';
const READ = /^\s*(select|with)\b/i;

export class StatementCachingClient extends pg.Client {
  /** Statement text -> its name, for the texts this connection has named. */
  private readonly names = new Map<string, string>();

  // pg's query() has many overloads; Kysely calls query(text, values) and uses the returned promise.
  override query(...args: any[]): any {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = this.nameFor(text);
      if (name) return super.query({ name, text, values });
    }
    return (super.query as (...a: any[]) => any)(...args);
  }

  /** The name of a read statement, hashed once per text and connection; none past the bound. */
  private nameFor(text: string): string | undefined {
    let name = this.names.get(text);
    if (!name && this.names.size < MAX_NAMED_STATEMENTS && READ.test(text)) {
      name = 'ctp_' + createHash('sha1').update(text).digest('base64url');
      this.names.set(text, name);
    }
    return name;
  }
}
