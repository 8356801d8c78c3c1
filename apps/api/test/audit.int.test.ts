import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, verifyAuditChain, withActor } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(() => t.cleanup());

describe('audit trail', () => {
  it('records old and new values, actor, reason and client address of an update inside withActor', async () => {
    const { db } = t.database;
    const user = await db.selectFrom('users').select('id').where('email', '=', 'study-manager@demo.local').executeTakeFirstOrThrow();
    const study = await db.selectFrom('studies').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    await withActor(db, { userId: user.id, reason: 'Protocol amendment 2', clientIp: '10.1.2.3' }, (tx) =>
      tx.updateTable('studies').set({ title: 'Amended title' }).where('id', '=', study.id).execute(),
    );
    const event = await db
      .selectFrom('auditEvents')
      .selectAll()
      .where('tableName', '=', 'studies')
      .where('recordId', '=', String(study.id))
      .where('action', '=', 'update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.changes).toEqual({ title: { old: study.title, new: 'Amended title' } });
    expect(event.actorUserId).toBe(user.id);
    expect(event.reason).toBe('Protocol amendment 2');
    expect(event.clientIp).toBe('10.1.2.3');
  });

  it('refuses a write to an audited table outside withActor', async () => {
    await expect(t.database.db.updateTable('studies').set({ title: 'Sneaky' }).where('id', '=', 1).execute()).rejects.toThrow(
      /without an actor and a reason/,
    );
  });

  it('refuses UPDATE and DELETE on audit rows', async () => {
    const { db } = t.database;
    await expect(sql`update audit_events set reason = 'changed' where id = 1`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events where id = 1`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('verifies the chain, and names the first row a superuser tampered with', async () => {
    const { db } = t.database;
    expect((await verifyAuditChain(db)).valid).toBe(true);
    // Only a database superuser could do this: switch the guard off, alter a row, switch it on.
    await sql`alter table audit_events disable trigger audit_events_no_change`.execute(db);
    await sql`update audit_events set reason = 'Rewritten history' where id = 5`.execute(db);
    await sql`alter table audit_events enable trigger audit_events_no_change`.execute(db);
    const result = await verifyAuditChain(db);
    expect(result.valid).toBe(false);
    expect(result.firstBroken).toEqual({ id: 5, problem: 'content-altered' });
    expect(result.rowsVerified).toBe(4);
  });
});
