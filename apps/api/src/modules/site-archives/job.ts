// The site close-out archive job (issue 33 item 4), on the job queue like the SDTM runs: whichever
// instance takes it holds the archive's advisory lock and (re)starts it from scratch; an archive whose
// process died is handed back to the queue (run-jobs.ts). It acts as the user who asked, with that
// user's scope, and writes one zip to the blob store:
//   casebooks/<subject>.pdf     every subject's casebook PDF (the casebook page's content), one at a time
//   odm/<study>-clinical-data.xml  the ODM 1.3.2 ClinicalData with audit records, signatures and queries
//   audit-trail.csv             the site's part of the audit trail (the whole study's for a study archive)
//   manifest.json               every file's path, sha256 and size
// then files the zip in the eTMF as the site's 10.02.01 Final Subject Data document. Progress (subjects
// done of total) is written to the archive row as it goes; it ends done or failed (the error names the
// step, never clinical values).
import { sql, withActor, type BlobStore, type Db } from '@ctp/db';
import { SITE_ARCHIVE_ARTIFACT } from '@ctp/contracts';
import { loadMemberships, scopeFor } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { toSessionUser } from '../auth/session.ts';
import { casebookContent } from '../casebook/pdf/content.ts';
import { casebookPdf } from '../casebook/pdf/render.ts';
import { odmClinicalData } from '../clinical-data/odm-clinical.ts';
import { auditCsvChunks } from '../audit/csv.ts';
import { fileDocument } from '../etmf/write.ts';
import { JobRegistry } from '../cdisc/jobs.ts';
import type { JobContext } from '../../jobs/queue.ts';
import type { RunLocks } from '../../jobs/run-locks.ts';
import { todayIso } from '../../sql-helpers.ts';
import { ArchiveZip } from './zip-writer.ts';
import type { SiteArchiveJobData } from './start.ts';

const SUBJECT_PAGE = 200;
/** Progress is written at most this often (each write is an audited change). */
const PROGRESS_EVERY_MS = 1000;

const runningHere = new JobRegistry();
/** Resolves when the archive's job in this process has ended (tests wait for it). */
export const awaitSiteArchive = (id: number): Promise<void> => runningHere.wait(id);

export interface SiteArchiveDeps {
  db: Db;
  files: BlobStore;
  locks: RunLocks;
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_');

export function workSiteArchive(deps: SiteArchiveDeps, data: SiteArchiveJobData, job: JobContext): Promise<void> {
  return runningHere.track(data.archiveId, async () => {
    const held = await deps.locks.hold('site-archive', data.archiveId);
    if (!held) return; // another worker has it
    try {
      const a = await deps.db.selectFrom('siteArchives').select(['status', 'studyId', 'siteId', 'startedBy']).where('id', '=', data.archiveId).executeTakeFirst();
      if (a?.status !== 'running') return;
      await runArchive(deps, data, { ...a, id: data.archiveId }, AbortSignal.any([job.signal, held.lost]));
    } finally {
      await held.release();
    }
  });
}

interface ArchiveRow {
  id: number;
  studyId: number;
  siteId: number | null;
  startedBy: number;
}

async function runArchive(deps: SiteArchiveDeps, data: SiteArchiveJobData, a: ArchiveRow, signal: AbortSignal): Promise<void> {
  const { db } = deps;
  const user = toSessionUser(await db.selectFrom('users').select(['id', 'email', 'fullName', 'role']).where('id', '=', a.startedBy).executeTakeFirstOrThrow());
  const memberships = await loadMemberships(db, user);
  const req = { ip: data.clientIp, userAgent: null, setSessionCookie: () => undefined };
  const actor = (reason: string) => ({ userId: user.id, reason, clientIp: data.clientIp });
  // The casebook reads with form.read's scope, the audit trail with audit.read's: the asker's own rights.
  const casebookCtx: ProcedureCtx = { db, user, req, scope: scopeFor(memberships, 'form.read'), files: deps.files };
  const auditCtx = { db, user, scope: scopeFor(memberships, 'audit.read') };

  let step = 'Reading the study';
  let lastWrite = 0;
  const progress = async (done: number, text: string, force = false) => {
    signal.throwIfAborted(); // stopping: the archive goes back to the queue
    step = text;
    if (!force && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    await withActor(db, actor('Site close-out archive progress'), (tx) => tx.updateTable('siteArchives').set({ subjectsDone: done, step: text }).where('id', '=', a.id).execute());
  };
  try {
    const study = await db.selectFrom('studies').select(['id', 'code', 'title']).where('id', '=', a.studyId).executeTakeFirstOrThrow();
    const site = a.siteId === null ? null : await db.selectFrom('sites').select(['id', 'siteNumber', 'name']).where('id', '=', a.siteId).executeTakeFirstOrThrow();
    let count = db.selectFrom('patients').select((eb) => eb.fn.countAll<number>().as('n')).where('studyId', '=', study.id);
    if (site) count = count.where('siteId', '=', site.id);
    const total = Number((await count.executeTakeFirstOrThrow()).n);
    await withActor(db, actor('Site close-out archive started'), (tx) => tx.updateTable('siteArchives').set({ subjectsTotal: total, subjectsDone: 0, step: 'Casebooks' }).where('id', '=', a.id).execute());

    const zip = new ArchiveZip(deps.files);
    // Casebooks: subjects by code, a page at a time, one PDF in memory at a time.
    let last = '';
    let done = 0;
    for (;;) {
      let page = db.selectFrom('patients').select(['id', 'subjectCode']).where('studyId', '=', study.id).where('subjectCode', '>', last).orderBy('subjectCode').limit(SUBJECT_PAGE);
      if (site) page = page.where('siteId', '=', site.id);
      const subjects = await page.execute();
      if (!subjects.length) break;
      for (const s of subjects) {
        const pdf = await casebookPdf(await casebookContent(casebookCtx, s.id));
        await zip.add(`casebooks/${safe(s.subjectCode)}.pdf`, pdf);
        done += 1;
        await progress(done, `Casebooks (${done} of ${total} subjects)`);
      }
      last = subjects[subjects.length - 1]!.subjectCode;
    }
    await progress(done, 'ODM clinical data', true);
    const base = safe(site ? `${study.code}-site-${site.siteNumber}` : study.code);
    await zip.add(`odm/${base}-clinical-data.xml`, odmClinicalData(db, study, site ? { studyId: study.id, siteId: site.id } : { studyId: study.id }, { include: new Set(['audit', 'signatures', 'queries']) }));
    await progress(done, 'Audit trail', true);
    await zip.add('audit-trail.csv', auditCsvChunks(auditCtx, site ? { studyId: study.id, siteId: site.id } : { studyId: study.id }));
    const manifest = {
      study: study.code,
      site: site ? site.siteNumber : null,
      subjects: total,
      createdAt: new Date().toISOString(),
      createdBy: user.fullName,
      algorithm: 'sha256',
      files: zip.entries,
    };
    await zip.add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await progress(done, 'Filing in the eTMF', true);
    const stored = await zip.end();
    const fileName = `${base}-close-out-archive-${todayIso()}.zip`;

    // Filed as the site's Final Subject Data, the archive row done, in one audited transaction.
    await withActor(db, actor(site ? 'Site close-out archive filed in the trial master file' : 'Study close-out archive filed in the trial master file'), async (tx) => {
      const artifact = await tx.selectFrom('tmfArtifacts').select(['number', 'needsApproval']).where('number', '=', SITE_ARCHIVE_ARTIFACT).executeTakeFirstOrThrow();
      const title = site ? `Close-out archive, site ${site.siteNumber} (${done} subjects)` : `Close-out archive, whole study (${done} subjects)`;
      const doc = await fileDocument(tx, { user }, {
        studyId: study.id,
        siteId: site?.id ?? null,
        artifact,
        title,
        versionLabel: todayIso(),
        comment: `Casebooks, ODM clinical data with audit and signatures, audit trail and sha256 manifest (${zip.entries.length} files)`,
        fileName,
        contentType: 'application/zip',
        stored,
      });
      await tx
        .updateTable('siteArchives')
        .set({ status: 'done', step: 'Done', subjectsDone: done, fileName, sha256: stored.sha256, sizeBytes: stored.size, documentId: doc.id, finishedAt: sql`now()`, version: sql`version + 1` })
        .where('id', '=', a.id)
        .execute();
    });
  } catch (err) {
    if (signal.aborted) throw err; // handed back to the queue: the next attempt starts again
    await withActor(db, actor('Site close-out archive failed'), (tx) =>
      tx.updateTable('siteArchives').set({ status: 'failed', error: `Failed at: ${step}`, finishedAt: sql`now()`, version: sql`version + 1` }).where('id', '=', a.id).execute(),
    );
  }
}
