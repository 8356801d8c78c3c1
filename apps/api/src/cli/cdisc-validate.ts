// npm run --silent cdisc:validate -- --data DIR [--define FILE] [--rules ID,ID…] [--format csv|json]
// Validates a folder of SDTM datasets (CSV in the layout of CDISC's rule test cases, XPT or Dataset-JSON)
// with the shipped CORE rules (SDTMIG 3.4) and prints the findings. --define names a Define-XML (else a
// define*.xml in the folder is read): its classes and labels fill what the dataset files do not say.
// With --format csv (the default),
// exactly the `Dataset,Record,Variable,Value` rows CDISC's cases use in results.csv, with that header, and
// nothing else on standard output; what could not run or be read goes to standard error. --format json
// prints every rule's outcome with its findings or the reason it did not run.
// Exit codes: 0 validated (with or without findings), 2 bad arguments or an unreadable folder.
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { sdtmigRules } from '../modules/cdisc/validation/core/load-rules.ts';
import { runRule } from '../modules/cdisc/validation/core/run-rule.ts';
import { readPackage } from '../modules/cdisc/validation/core/read-package.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({ options: { data: { type: 'string' }, rules: { type: 'string' }, format: { type: 'string', default: 'csv' }, define: { type: 'string' } } }));
} catch (err) {
  fail((err as Error).message);
}
if (!values.data || !existsSync(values.data) || !statSync(values.data).isDirectory()) fail('--data must name a folder of datasets (CSV, XPT or Dataset-JSON)');
if (values.format !== 'csv' && values.format !== 'json') fail('--format must be csv or json');
if (values.define && (!existsSync(values.define) || !statSync(values.define).isFile())) fail('--define must name a Define-XML file');

const wanted = values.rules ? new Set(values.rules.split(',').map((s) => s.trim()).filter(Boolean)) : null;
const rules = sdtmigRules().filter((r) => !wanted || wanted.has(r.core_id));
if (wanted) for (const id of wanted) if (!rules.some((r) => r.core_id === id)) fail(`unknown rule ${id}`);

const { datasets, standard, define, problems, unlisted } = readPackage(values.data, values.define);
for (const p of problems) console.error(`cannot read ${p.file}: ${p.reason}`);
for (const f of unlisted) console.error(`not read: ${f} is not listed in _datasets.csv`);
const outcomes = rules.map((rule) => ({ rule, outcome: runRule(rule, { datasets, standard, define }) }));

if (values.format === 'json') {
  const report = outcomes.map(({ rule, outcome }) => ({ coreId: rule.core_id, ...outcome }));
  process.stdout.write(`${JSON.stringify({ datasets: datasets.map((d) => d.name), define: define ? { fileOid: define.fileOid, datasets: define.datasets.length, codeLists: define.codeLists.length } : null, unreadable: problems, rules: report }, null, 2)}\n`);
} else {
  const rows = outcomes.flatMap(({ outcome }) =>
    outcome.status === 'run' ? outcome.findings.map((f) => [f.dataset, f.record ?? '', f.variable, f.value ?? '']) : [],
  );
  process.stdout.write(stringify([['Dataset', 'Record', 'Variable', 'Value'], ...rows]));
  const notRun = outcomes.filter((o) => o.outcome.status === 'not run');
  if (notRun.length) console.error(`${notRun.length} of ${outcomes.length} rules not run (--format json says why)`);
}
