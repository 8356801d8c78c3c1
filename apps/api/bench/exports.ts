// npm run bench:exports [-- --scale N --data-dir DIR]   The streaming exports at a demo scale, on embedded
// PGlite (the demo data at that scale is loaded into DIR, default a temporary directory kept for the next
// run, if empty): the form entries CSV of the study with the most entries, the form entries CSV of every
// study (the whole portfolio, one after the other into one sink) and that study's ODM clinical data
// (audit, signatures, queries). Each goes to a counting sink (no disk). Prints wall time, bytes, and the
// heap: peak sampled every 50 ms, and live (after a full collection at each chunk, with --expose-gc).
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { connect, migrateToLatest, seedDemoData, sql } from '@ctp/db';
import { odmClinicalData, ODM_INCLUDES } from '../src/modules/clinical-data/odm-clinical.ts';
import { formEntriesCsvChunks } from '../src/modules/clinical-data/form-entries-csv.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, 'data-dir': { type: 'string' } } });
const scale = Number(values.scale);
const dataDir = values['data-dir'] ?? path.join(os.tmpdir(), `ctp-bench-exports-${scale}`);
const handle = await connect({ dataDir });
const { db } = handle;
await migrateToLatest(db);
if ((await db.selectFrom('studies').select('id').executeTakeFirst()) === undefined) {
  const t0 = Date.now();
  console.log(`» Loading demo data at scale ${scale} into ${dataDir}`);
  await seedDemoData(db, { scale, storageDir: path.join(dataDir, 'files') });
  console.log(`  loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
const { rows: studies } = await sql<{ id: number; code: string; title: string; subjects: number; entries: number }>`
  select s.id, s.code, s.title, (select count(*)::int from patients p where p.study_id = s.id) as subjects,
         (select count(*)::int from form_submissions f where f.study_id = s.id and f.status <> 'draft') as entries
    from studies s order by entries desc, s.id`.execute(db);
const largest = studies[0]!;
const portfolioEntries = studies.reduce((n, s) => n + s.entries, 0);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function measure(label: string, source: () => AsyncIterable<string>) {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let peakLive = before;
  let bytes = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
  const timer = setInterval(sample, 50);
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
  await pipeline(Readable.from(source()), sink);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  sample();
  console.log(`  ${label}: ${seconds.toFixed(2)} s, ${mb(bytes)}, peak heap ${mb(peak - before)} above the start${global.gc ? `, live heap ${mb(peakLive - before)} above the start` : ''}`);
}

console.log(`Streaming exports, scale ${scale}: ${studies.length} studies with ${portfolioEntries} submitted form entries; the largest, ${largest.code}, ${largest.subjects} subjects and ${largest.entries} entries`);
await measure(`form entries CSV of ${largest.code}`, () => formEntriesCsvChunks(db, largest));
await measure(`form entries CSV of the portfolio (${studies.length} studies)`, async function* () {
  for (const s of studies) yield* formEntriesCsvChunks(db, s);
});
await measure(`ODM clinical data of ${largest.code} (audit, signatures, queries)`, () => odmClinicalData(db, largest, { studyId: largest.id }, { include: new Set(ODM_INCLUDES) }));
await handle.close();
