// Producing notifications where the events happen, inside the event's own transaction:
//   query_raised            the site staff (investigators, coordinators) of the query's site
//   query_answered          the person who raised the query (automatic ones: the study's data managers)
//   query_reopened          the site staff of the query's site
//   query_closed            the site staff of the query's site
//   site_activation_pending the study's study managers, when a site is assigned and waits for activation
//   casebook_to_sign        the investigators of a subject's site, when the subject completes the study
import { sql, type Tx } from '@ctp/db';
import type { NotificationKind } from '@ctp/db';

interface Note {
  kind: NotificationKind;
  studyId: number;
  title: string;
  body: string;
  link: string;
}

/** Site staff of a study site: members whose membership names that site (or the whole study). */
export async function notifySiteStaff(tx: Tx, studyId: number, siteId: number, note: Note, exceptUser?: number, roles = ['investigator', 'coordinator']): Promise<void> {
  await sql`insert into notifications (user_id, kind, study_id, title, body, link)
    select distinct m.user_id, ${note.kind}::text, ${note.studyId}::int, ${note.title}::text, ${note.body}::text, ${note.link}::text
      from study_memberships m
     where m.study_id = ${studyId} and m.ended_at is null and m.role = any(${`{${roles.join(',')}}`}::text[]) and (m.site_id = ${siteId} or m.site_id is null)
       and m.user_id is distinct from ${exceptUser ?? null}::int`.execute(tx);
}

/** Members of a study with one of the roles. */
export async function notifyStudyRole(tx: Tx, studyId: number, roles: string[], note: Note, exceptUser?: number): Promise<void> {
  await sql`insert into notifications (user_id, kind, study_id, title, body, link)
    select distinct m.user_id, ${note.kind}::text, ${note.studyId}::int, ${note.title}::text, ${note.body}::text, ${note.link}::text
      from study_memberships m
     where m.study_id = ${studyId} and m.ended_at is null and m.role = any(${`{${roles.join(',')}}`}::text[])
       and m.user_id is distinct from ${exceptUser ?? null}::int`.execute(tx);
}

export async function notifyUser(tx: Tx, userId: number, note: Note): Promise<void> {
  await tx.insertInto('notifications').values({ userId, kind: note.kind, studyId: note.studyId, title: note.title, body: note.body, link: note.link }).execute();
}
