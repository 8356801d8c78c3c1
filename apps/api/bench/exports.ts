// npm run bench:exports [-- --scale N --data-dir DIR | --database URL] [--only a,b] [--json FILE]
// The streaming exports, measured: the form entries CSV and the ODM clinical data (audit, signatures,
// queries) of the study with the most entries, then of the whole portfolio (every study one after the
// other into one sink). Embedded PGlite by default (the demo at --scale loaded into DIR, default a temporary
// directory kept for the next run, if empty); with --database, that PostgreSQL database as it is (load it
// first with `npm run db:seed -- --scale N`; `npm run bench` passes its own). Each export goes to a
// counting sink (no disk). Printed per export: wall time, bytes, peak heap and peak RSS above the start
// (sampled every 50 ms and at each chunk) and the live heap (after a full collection, at most every 250 ms,
// with --expose-gc), so memory can be compared as the data grow. --only picks exports by name:
// csv-largest, odm-largest, csv-portfolio, odm-portfolio.
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { connect, migrateToLatest, seedDemoData, sql } from '@ctp/db';
import { odmClinicalData, ODM_INCLUDES } from '../src/modules/clinical-data/odm-clinical.ts';
import { formEntriesCsvChunks } from '../src/modules/clinical-data/form-entries-csv.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, 'data-dir': { type: 'string' }, database: { type: 'string' }, only: { type: 'string' }, json: { type: 'string' } },
});
const scale = Number(values.scale);
const dataDir = values['data-dir'] ?? path.join(os.tmpdir(), `ctp-bench-exports-${scale}`);
const handle = await connect(values.database ? { databaseUrl: values.database } : { dataDir });
const { db } = handle;
await migrateToLatest(db);
if (!values.database && (await db.selectFrom('studies').select('id').executeTakeFirst()) === undefined) {
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
const portfolioSubjects = studies.reduce((n, s) => n + s.subjects, 0);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const include = { include: new Set(ODM_INCLUDES) };

interface Measured {
  export: string;
  entries: number;
  seconds: number;
  bytes: number;
  peakHeapAboveStart: number;
  liveHeapAboveStart: number | null;
  peakRssAboveStart: number;
  peakRss: number;
}
const measured: Measured[] = [];

async function measure(name: string, label: string, entries: number, source: () => AsyncIterable<string>) {
  if (values.only && !values.only.split(',').includes(name)) return;
  global.gc?.();
  const start = process.memoryUsage();
  let peak = start.heapUsed;
  let peakRss = start.rss;
  let peakLive = start.heapUsed;
  let lastGc = 0;
  let bytes = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  };
  const timer = setInterval(sample, 50);
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      sample();
      // A full collection per chunk would dominate the time of a million-entry export: at most every 250 ms.
      if (global.gc && performance.now() - lastGc > 250) {
        global.gc();
        lastGc = performance.now();
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
  const row: Measured = {
    export: label,
    entries,
    seconds: Number(seconds.toFixed(2)),
    bytes,
    peakHeapAboveStart: peak - start.heapUsed,
    liveHeapAboveStart: global.gc ? peakLive - start.heapUsed : null,
    peakRssAboveStart: peakRss - start.rss,
    peakRss,
  };
  measured.push(row);
  console.log(
    `  ${label}: ${entries} entries, ${row.seconds} s, ${mb(bytes)}; peak heap ${mb(row.peakHeapAboveStart)} above the start` +
      `${row.liveHeapAboveStart === null ? '' : `, live heap ${mb(row.liveHeapAboveStart)}`}, peak RSS ${mb(peakRss)} (${mb(row.peakRssAboveStart)} above the start)`,
  );
}

console.log(
  `Streaming exports${values.database ? ` (${new URL(values.database).pathname.slice(1)})` : `, scale ${scale}`}: ${studies.length} studies, ${portfolioSubjects} subjects, ` +
    `${portfolioEntries} submitted form entries; the largest, ${largest.code}, ${largest.subjects} subjects and ${largest.entries} entries`,
);
await measure('csv-largest', `form entries CSV of ${largest.code}`, largest.entries, () => formEntriesCsvChunks(db, largest));
await measure('odm-largest', `ODM clinical data of ${largest.code} (audit, signatures, queries)`, largest.entries, () => odmClinicalData(db, largest, { studyId: largest.id }, include));
await measure('csv-portfolio', `form entries CSV of the portfolio (${studies.length} studies)`, portfolioEntries, async function* () {
  for (const s of studies) yield* formEntriesCsvChunks(db, s);
});
await measure('odm-portfolio', `ODM clinical data of the portfolio (${studies.length} studies; audit, signatures, queries)`, portfolioEntries, async function* () {
  for (const s of studies) yield* odmClinicalData(db, s, { studyId: s.id }, include);
});
if (values.json) writeFileSync(values.json, JSON.stringify({ studies: studies.length, subjects: portfolioSubjects, entries: portfolioEntries, largest: largest.code, measured }, null, 2));
await handle.close();
