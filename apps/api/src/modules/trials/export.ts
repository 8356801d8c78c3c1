// trials.export: the trial's detail as JSON, or as one rectangular CSV table in which every row
// carries the trial's columns and a record_type (trial, site, milestone, budget_line) names what the
// item columns describe. One well-formed table, so a spreadsheet or csv parser reads it whole.
import type { Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { trialDetail, type TrialDetail } from './detail.ts';
import { toCsv, type Cell, type FileOutput } from '../../csv.ts';

const TRIAL_COLUMNS = [
  'trial_id', 'title', 'phase', 'status', 'therapeutic_area', 'sponsor', 'cro', 'principal_investigator', 'study_manager',
  'start_date', 'estimated_completion', 'actual_end_date', 'enrollment_current', 'enrollment_target', 'sites_active',
  'sites_total', 'budget_total', 'budget_utilized', 'currency',
];
const ITEM_COLUMNS = [
  'item_id', 'item_name', 'item_number', 'item_location', 'item_investigator', 'item_status', 'item_date',
  'item_enrolled', 'item_target', 'item_category', 'item_planned_amount', 'item_actual_amount', 'item_description',
];

function trialCells(t: TrialDetail): Cell[] {
  return [
    t.id, t.title, t.phase, t.status, t.therapeuticArea, t.sponsor.name, t.cro.name, t.principalInvestigator.name,
    t.studyManager.name, t.startDate, t.estimatedCompletion, t.actualEndDate, t.enrollment.current, t.enrollment.target,
    t.siteActivation.current, t.siteActivation.target, t.budget.total, t.budget.utilized, t.budget.currency,
  ];
}

function item(fields: Partial<Record<(typeof ITEM_COLUMNS)[number], Cell>>): Cell[] {
  return ITEM_COLUMNS.map((c) => fields[c] ?? null);
}

export function trialCsv(t: TrialDetail): string {
  const base = trialCells(t);
  const rows: Cell[][] = [
    ['trial', ...base, ...item({ item_description: t.description })],
    ...t.sites.map((s) => ['site', ...base, ...item({
      item_id: s.id, item_name: s.name, item_number: s.number, item_location: s.location, item_investigator: s.pi,
      item_status: s.status, item_date: s.activatedOn, item_enrolled: s.enrollment, item_target: s.target,
    })]),
    ...t.milestones.map((m) => ['milestone', ...base, ...item({
      item_id: m.id, item_name: m.name, item_status: m.status, item_date: m.date, item_description: m.description,
    })]),
    ...t.budgetLines.map((b) => ['budget_line', ...base, ...item({
      item_id: b.id, item_category: b.category, item_planned_amount: b.plannedAmount, item_actual_amount: b.actualAmount,
      item_description: b.description,
    })]),
  ];
  return toCsv(['record_type', ...TRIAL_COLUMNS, ...ITEM_COLUMNS], rows);
}

export async function exportTrial(db: Db, scope: StudyScope, code: string, format: 'csv' | 'json'): Promise<FileOutput> {
  const t = await trialDetail(db, scope, code);
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === 'json') {
    return { filename: `${t.id}-export-${stamp}.json`, contentType: 'application/json', content: JSON.stringify(t, null, 2) };
  }
  return { filename: `${t.id}-export-${stamp}.csv`, contentType: 'text/csv', content: trialCsv(t) };
}
