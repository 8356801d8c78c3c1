// npm run bench:odm [-- --scale 1 --data-dir DIR]   The ODM clinical data export (audit trail, signatures
// and queries included) of the demo study with the most form entries, on embedded PGlite: the demo data
// at that scale is loaded into DIR (default a temporary directory, kept for the next run) if empty. The
// file goes to a counting sink (no disk); the process's heap is sampled every 50 ms. Prints wall time,
// subjects, entries, bytes written and peak heap above the start.
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { connect, migrateToLatest, seedDemoData, sql } from '@ctp/db';
import { odmClinicalData, ODM_INCLUDES } from '../src/modules/clinical-data/odm-clinical.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, 'data-dir': { type: 'string' } } });
const scale = Number(values.scale);
const dataDir = values['data-dir'] ?? path.join(os.tmpdir(), `ctp-bench-odm-${scale}`);
const handle = await connect({ dataDir });
const { db } = handle;
await migrateToLatest(db);
if ((await db.selectFrom('studies').select('id').executeTakeFirst()) === undefined) {
  const t0 = Date.now();
  console.log(`» Loading demo data at scale ${scale} into ${dataDir}`);
  await seedDemoData(db, { scale, storageDir: path.join(dataDir, 'files') });
  console.log(`  loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
const { rows } = await sql<{ id: number; code: string; title: string; subjects: number; entries: number }>`
  select s.id, s.code, s.title, (select count(*)::int from patients p where p.study_id = s.id) as subjects,
         (select count(*)::int from form_submissions f where f.study_id = s.id and f.status <> 'draft') as entries
    from studies s order by entries desc, s.id limit 1`.execute(db);
const study = rows[0]!;

let peakHeap = 0;
global.gc?.();
const before = process.memoryUsage().heapUsed;
const sample = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));
const timer = setInterval(sample, 50);
let bytes = 0;
// Live heap: after a full collection at each chunk (with --expose-gc), what the export really holds.
let peakLive = 0;
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    bytes += chunk.length;
    sample();
    if (global.gc) {
      global.gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
    done();
  },
});
const started = performance.now();
await pipeline(Readable.from(odmClinicalData(db, study, { studyId: study.id }, { include: new Set(ODM_INCLUDES) })), sink);
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
sample();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`ODM clinical data (audit, signatures, queries), scale ${scale}: study ${study.code} with ${study.subjects} subjects and ${study.entries} form entries`);
console.log(`  wall time ${seconds.toFixed(2)} s, ${mb(bytes)} written, peak heap ${mb(peakHeap)} (${mb(peakHeap - before)} above the start)`);
if (global.gc) console.log(`  live heap after collections: at most ${mb(peakLive)} (${mb(peakLive - before)} above the start)`);
await handle.close();
