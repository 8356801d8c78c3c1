/**
 * The demo coding dictionary: packages/db/src/reference/ctcae-v5-demo-dictionary.json, from NCI's CTCAE
 * v5.0 term list (public domain; ../shared/reference/ctcae/ctcae-v5.csv). Each CTCAE term carries the
 * MedDRA code of its term and its primary SOC, so it serves as a small dictionary of LLT = PT terms with
 * their SOC until an administrator imports the licensed MedDRA distribution. The app never reads the CSV;
 * it ships this JSON (term, code, SOC) and labels it everywhere as a demo dictionary, not MedDRA.
 *
 *   npx tsx scripts/ctcae-dictionary/build.ts [--reference DIR] [--out FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const reference = arg('--reference') ?? path.resolve(ROOT, '../shared/reference');
const out = arg('--out') ?? path.join(ROOT, 'packages/db/src/reference/ctcae-v5-demo-dictionary.json');

const rows = parse(readFileSync(path.join(reference, 'ctcae/ctcae-v5.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as {
  meddra_code: string;
  soc: string;
  term: string;
}[];
// "<SOC> - Other, specify" terms are placeholders for free text, not codes a matcher should propose.
const terms = rows
  .filter((r) => !/ - Other, specify$/.test(r.term))
  .map((r) => [r.meddra_code, r.term, r.soc])
  .sort((a, b) => a[1]!.localeCompare(b[1]!));
const json = {
  name: 'CTCAE v5.0 demo dictionary',
  version: 'CTCAE v5.0 (2017-11-27)',
  source: 'NCI Common Terminology Criteria for Adverse Events v5.0, public domain; MedDRA codes of the terms as CTCAE gives them',
  columns: ['code', 'term', 'soc'],
  terms,
};
writeFileSync(out, `${JSON.stringify(json, null, 0).replace(/\],\[/g, '],\n[')}\n`);
console.log(`${terms.length} terms -> ${path.relative(ROOT, out)}`);
