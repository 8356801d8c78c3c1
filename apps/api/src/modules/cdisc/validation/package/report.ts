// A package validation's report as files: CSV (one row per finding, the cases' Dataset, Record,
// Variable, Value first, then the rule, severity and CDISC's message) and Excel, laid out like CDISC's
// engine report: Conformance Details (the package and the counts), Issue Summary (findings per rule and
// dataset), Issue Details (every finding) and Rules Report (every rule run or not run, with the reason).
// The Excel file is written by exceljs's streaming writer straight to the response.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { CorePackageFinding, CorePackageValidation, CoreRuleOutcome } from '@ctp/contracts';

export interface PackageReport {
  validation: CorePackageValidation;
  rules: CoreRuleOutcome[];
  findings: CorePackageFinding[];
}

const CSV_HEADER = ['Dataset', 'Record', 'Variable', 'Value', 'CORE-ID', 'Severity', 'Message'];

/** A spreadsheet cell must not start a formula (=, +, -, @): CSV injection. */
const safe = (v: string | null) => (v && /^[=+\-@\t\r]/.test(v) ? `'${v}` : (v ?? ''));

export function reportCsv(report: PackageReport): string {
  const rows = report.findings.map((f) => [safe(f.dataset), f.record ?? '', safe(f.variable), safe(f.value), f.coreId ?? 'PACKAGE', f.severity, safe(f.message)]);
  return stringify([CSV_HEADER, ...rows]);
}

export async function writeReportXlsx(report: PackageReport, out: Writable): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  wb.creator = 'Clinical Trial Platform';
  const v = report.validation;
  const details = wb.addWorksheet('Conformance Details');
  details.columns = [{ width: 28 }, { width: 60 }];
  for (const [k, value] of [
    ['Package', v.packageName],
    ['Files', v.files.map((f) => f.name).join(', ')],
    ['Define-XML', v.defineFile ?? '(none)'],
    ['Standard', 'SDTMIG 3.4'],
    ['Rules', 'CDISC CORE rules for SDTMIG 3.4 (cdisc-rules-engine rules cache)'],
    ['Validated at', v.finishedAt ?? v.startedAt],
    ['Datasets', v.counts.datasets],
    ['Records checked', v.counts.recordsChecked],
    ['Rules run', v.counts.rulesRun],
    ['Rules not run', v.counts.rulesNotRun],
    ['Findings', v.counts.findings],
  ] as const)
    details.addRow([k, value]).commit();
  details.commit();

  const summary = wb.addWorksheet('Issue Summary');
  summary.columns = [{ header: 'Dataset Name', width: 16 }, { header: 'CORE-ID', width: 14 }, { header: 'Severity', width: 10 }, { header: 'Message', width: 80 }, { header: 'Issues', width: 10 }];
  const counts = new Map<string, { dataset: string; coreId: string; severity: string; message: string; n: number }>();
  for (const f of report.findings) {
    const key = `${f.dataset}|${f.coreId ?? ''}`;
    const c = counts.get(key) ?? { dataset: f.dataset, coreId: f.coreId ?? 'PACKAGE', severity: f.severity, message: f.message, n: 0 };
    c.n += 1;
    counts.set(key, c);
  }
  for (const c of [...counts.values()].sort((a, b) => a.dataset.localeCompare(b.dataset) || a.coreId.localeCompare(b.coreId))) summary.addRow([c.dataset, c.coreId, c.severity, c.message, c.n]).commit();
  summary.commit();

  const issues = wb.addWorksheet('Issue Details');
  issues.columns = [
    { header: 'CORE-ID', width: 14 },
    { header: 'Severity', width: 10 },
    { header: 'Message', width: 70 },
    { header: 'Dataset Name', width: 16 },
    { header: 'Record', width: 10 },
    { header: 'Variables', width: 20 },
    { header: 'Values', width: 40 },
  ];
  for (const f of report.findings) issues.addRow([f.coreId ?? 'PACKAGE', f.severity, f.message, f.dataset, f.record, f.variable ?? '', f.value ?? '']).commit();
  issues.commit();

  const rules = wb.addWorksheet('Rules Report');
  rules.columns = [
    { header: 'CORE-ID', width: 14 },
    { header: 'Status', width: 10 },
    { header: 'Reason not run', width: 60 },
    { header: 'Severity', width: 10 },
    { header: 'Issues', width: 10 },
    { header: 'Rule type', width: 28 },
    { header: 'Executability', width: 24 },
    { header: 'Conformance rules', width: 20 },
    { header: 'Description', width: 80 },
    { header: 'Message', width: 60 },
  ];
  for (const r of report.rules) rules.addRow([r.coreId, r.status, r.reason ?? '', r.severity, r.findings, r.ruleType, r.executability, r.authorityIds.join(', '), r.description, r.message]).commit();
  rules.commit();
  await wb.commit();
}
