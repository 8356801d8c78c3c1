// Producing notifications where the events happen, inside the event's own transaction:
//   query_raised            the site staff (investigators, coordinators) of the query's site
//   query_answered          the person who raised the query (automatic ones: the study's data managers)
//   query_reopened          the site staff of the query's site
//   query_closed            the site staff of the query's site
//   site_activation_pending the study's study managers, when a site is assigned and waits for activation
//   casebook_to_sign        the investigators of a subject's site, when the subject completes the study
//   emergency_unblinding    the study's unblinded team and sponsors, when an investigator unblinds a subject
// Titles, and bodies no person wrote, are catalogue messages (contracts' server-messages/notifications.ts):
// stored in English as before, with their key and values so each reader sees them in their language.
import { sql, type Tx } from '@ctp/db';
import type { NotificationKind } from '@ctp/db';
import type { KeyedMessage } from '@ctp/contracts';
import { storedText } from '../../stored-text.ts';

interface Note {
  kind: NotificationKind;
  studyId: number;
  title: KeyedMessage;
  /** A catalogue message, or the text a person wrote (a query's description, a reviewer's comment). */
  body: KeyedMessage | string;
  link: string;
}

/** A note's texts as the notifications table stores them: English, and the key and values as JSON. */
function stored(note: Note) {
  const title = storedText(note.title);
  const body = storedText(note.body);
  return { title: title.text, titleKey: title.key, titleParams: title.params, body: body.text, bodyKey: body.key, bodyParams: body.params };
}

/** Site staff of a study site: members whose membership names that site (or the whole study). */
export async function notifySiteStaff(tx: Tx, studyId: number, siteId: number, note: Note, exceptUser?: number, roles = ['investigator', 'coordinator']): Promise<void> {
  const s = stored(note);
  await sql`insert into notifications (user_id, kind, study_id, title, title_key, title_params, body, body_key, body_params, link)
    select distinct m.user_id, ${note.kind}::text, ${note.studyId}::int, ${s.title}::text, ${s.titleKey}::text, ${s.titleParams}::jsonb,
           ${s.body}::text, ${s.bodyKey}::text, ${s.bodyParams}::jsonb, ${note.link}::text
      from study_memberships m
     where m.study_id = ${studyId} and m.ended_at is null and m.role = any(${`{${roles.join(',')}}`}::text[]) and (m.site_id = ${siteId} or m.site_id is null)
       and m.user_id is distinct from ${exceptUser ?? null}::int`.execute(tx);
}

/** Members of a study with one of the roles. */
export async function notifyStudyRole(tx: Tx, studyId: number, roles: string[], note: Note, exceptUser?: number): Promise<void> {
  const s = stored(note);
  await sql`insert into notifications (user_id, kind, study_id, title, title_key, title_params, body, body_key, body_params, link)
    select distinct m.user_id, ${note.kind}::text, ${note.studyId}::int, ${s.title}::text, ${s.titleKey}::text, ${s.titleParams}::jsonb,
           ${s.body}::text, ${s.bodyKey}::text, ${s.bodyParams}::jsonb, ${note.link}::text
      from study_memberships m
     where m.study_id = ${studyId} and m.ended_at is null and m.role = any(${`{${roles.join(',')}}`}::text[])
       and m.user_id is distinct from ${exceptUser ?? null}::int`.execute(tx);
}

export async function notifyUser(tx: Tx, userId: number, note: Note): Promise<void> {
  await tx.insertInto('notifications').values({ userId, kind: note.kind, studyId: note.studyId, ...stored(note), link: note.link }).execute();
}

/** Members of a study's unblinded team and members with one of the roles, each once (emergency unblinding). */
export async function notifyUnblindedTeamAnd(tx: Tx, studyId: number, roles: string[], note: Note, exceptUser?: number): Promise<void> {
  const s = stored(note);
  await sql`insert into notifications (user_id, kind, study_id, title, title_key, title_params, body, body_key, body_params, link)
    select distinct m.user_id, ${note.kind}::text, ${note.studyId}::int, ${s.title}::text, ${s.titleKey}::text, ${s.titleParams}::jsonb,
           ${s.body}::text, ${s.bodyKey}::text, ${s.bodyParams}::jsonb, ${note.link}::text
      from study_memberships m
     where m.study_id = ${studyId} and m.ended_at is null and (m.unblinded or m.role = any(${`{${roles.join(',')}}`}::text[]))
       and m.user_id is distinct from ${exceptUser ?? null}::int`.execute(tx);
}
