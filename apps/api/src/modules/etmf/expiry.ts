// The expiry pass (with the scheduled insights steps): a document whose current version's expiry date
// has passed becomes expired (an audited change by the system, a review step 'expired'); one expiring
// within DOCUMENT_EXPIRY_WARNING_DAYS days warns, once per expiry date, its author and the study's
// study managers (document_expiring; its title and body with their message keys, as notify.ts writes
// them). Returns how many expired and how many were warned about.
import { sql, type Tx } from '@ctp/db';
import { DOCUMENT_EXPIRY_WARNING_DAYS, SERVER_MESSAGES } from '@ctp/contracts';

export async function runDocumentExpiryPass(tx: Tx, today: string): Promise<{ expired: number; warned: number }> {
  const expired = await sql<{ id: number; studyId: number; code: string; versionId: number; author: number | null }>`
    update documents d set status = 'expired', review_status = case when d.review_status = 'in-review' then 'pending' else d.review_status end,
           updated_at = now(), version = d.version + 1
      from document_versions v
     where v.id = d.current_version_id and v.expiry_date < ${today}::date and d.status in ('draft', 'current', 'approved')
    returning d.id, d.study_id as "studyId", d.code, v.id as "versionId", coalesce(v.uploaded_by, d.created_by) as author`.execute(tx);
  for (const d of expired.rows) {
    await tx.insertInto('documentReviewSteps').values({ documentId: d.id, studyId: d.studyId, versionId: d.versionId, action: 'expired', actorId: null, comment: 'Expiry date passed' }).execute();
  }
  const warned = await sql<{ id: number }>`
    with due as (
      update documents d set expiry_alerted_for = v.expiry_date
        from document_versions v
       where v.id = d.current_version_id and d.status in ('draft', 'current', 'approved')
         and v.expiry_date between ${today}::date and ${today}::date + ${DOCUMENT_EXPIRY_WARNING_DAYS}::int
         and d.expiry_alerted_for is distinct from v.expiry_date
      returning d.id, d.study_id, d.code, d.title, v.expiry_date, coalesce(v.uploaded_by, d.created_by) as author
    ), recipients as (
      select due.*, due.author as user_id from due where due.author is not null
      union
      select due.*, m.user_id from due join study_memberships m on m.study_id = due.study_id and m.role = 'study-manager' and m.ended_at is null
    ), sent as (
      insert into notifications (user_id, kind, study_id, title, title_key, title_params, body, body_key, body_params, link)
      select r.user_id, 'document_expiring', r.study_id, 'Document ' || r.code || ' expires on ' || to_char(r.expiry_date, 'YYYY-MM-DD'),
             ${SERVER_MESSAGES.documentExpiringTitle}::text, jsonb_build_object('code', r.code, 'date', to_char(r.expiry_date, 'YYYY-MM-DD')),
             left(r.title, 200) || ': file a new version before it expires.',
             ${SERVER_MESSAGES.documentExpiringBody}::text, jsonb_build_object('title', left(r.title, 200)), '/etmf?doc=' || r.id
        from recipients r
    )
    select id from due`.execute(tx);
  return { expired: expired.rows.length, warned: warned.rows.length };
}
