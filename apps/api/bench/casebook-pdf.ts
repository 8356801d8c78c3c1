// npm run bench:casebook-pdf [-- --scale 1 --data-dir DIR]   Renders the casebook PDF of the demo subject
// with the most form entries (embedded PGlite, demo data loaded into DIR if empty, as bench:odm does), as
// an administrator, ten times: prints the reading (database) and rendering (pdfkit) times, median and worst,
// after one warm-up run that loads the fonts.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BlobStore, connect, migrateToLatest, seedDemoData, sql } from '@ctp/db';
import type { ProcedureCtx } from '../src/procedure-context.ts';
import { casebookContent } from '../src/modules/casebook/pdf/content.ts';
import { casebookPdf } from '../src/modules/casebook/pdf/render.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, 'data-dir': { type: 'string' } } });
const scale = Number(values.scale);
const dataDir = values['data-dir'] ?? path.join(os.tmpdir(), `ctp-bench-odm-${scale}`);
const handle = await connect({ dataDir });
const { db } = handle;
await migrateToLatest(db);
if ((await db.selectFrom('studies').select('id').executeTakeFirst()) === undefined) await seedDemoData(db, { scale, storageDir: path.join(dataDir, 'files') });
const { rows } = await sql<{ id: number; subjectCode: string; entries: number }>`
  select p.id, p.subject_code, count(*)::int as entries from patients p join form_submissions s on s.patient_id = p.id
   group by p.id order by entries desc, p.id limit 1`.execute(db);
const subject = rows[0]!;
const admin = await db.selectFrom('users').select(['id', 'email', 'fullName', 'role']).where('role', '=', 'admin').executeTakeFirstOrThrow();
const ctx = {
  db,
  user: { id: admin.id, email: admin.email, fullName: admin.fullName, role: admin.role },
  req: { ip: null, userAgent: null, setSessionCookie: () => {} },
  scope: { all: true, studyIds: [], memberOf: [], sites: new Map(), siteScoped: false, roles: new Map() },
  files: new BlobStore(path.join(dataDir, 'files')),
} as unknown as ProcedureCtx;

const reads: number[] = [];
const renders: number[] = [];
let pages = 0;
for (let i = 0; i <= 10; i++) {
  const t0 = performance.now();
  const content = await casebookContent(ctx, subject.id);
  const t1 = performance.now();
  const pdf = await casebookPdf(content);
  const t2 = performance.now();
  pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  if (i === 0) continue; // warm-up: fonts read and parsed
  reads.push(t1 - t0);
  renders.push(t2 - t1);
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(`Casebook PDF of ${subject.subjectCode}: ${subject.entries} form entries, ${pages} pages`);
console.log(`  read ${ms(median(reads))} median (${ms(Math.max(...reads))} worst), render ${ms(median(renders))} median (${ms(Math.max(...renders))} worst)`);
await handle.close();
