// Demo eCRFs: each study gets the CDASH library's Demographics, Medical History, Vital Signs, Laboratory
// Test Results, Exposure and Concomitant Medications forms and the spec's Adverse Event Report, with the
// forms due at each visit, and
// submissions for its subjects consistent with their visits: every form due at a completed visit is
// submitted on the visit's date; a 'warning' visit carries a systolic pressure out of its soft range
// (an open edit-check warning); missed and future visits have none. About one subject in six reports
// an adverse event, dated, with its seriousness and outcome, and coded. Exposure is recorded from the
// first dose (Day 0), its end date once the treatment ends (Day 28, or earlier at withdrawal). Values are derived from ids in SQL (deterministic, set-based: the benchmark scale
// loads in minutes).
import { sql } from 'kysely';
import { countFields, formDefinition, type FormDefinition } from '@ctp/contracts';
import { libraryForm } from '@ctp/contracts/cdash-library';
import type { Tx } from '../actor.ts';

/** The spec's adverse event report (section 2, /data-entry): description, start and end dates, seriousness
 *  (and hospitalisation when serious), severity, relationship, outcome. The dates and seriousness are not
 *  required on entry (reports made before them stay valid), the demo's reports carry them all. */
export const ADVERSE_EVENT_REPORT: FormDefinition = formDefinition.parse({
  fields: [
    { type: 'longText', code: 'AETERM', label: 'Adverse event description', required: true, maxLength: 2000, cdashVariable: 'AETERM', sdtmTarget: 'AE.AETERM' },
    { type: 'partialDate', code: 'AESTDAT', label: 'Start date', required: false, cdashVariable: 'AESTDAT', sdtmTarget: 'AE.AESTDTC' },
    { type: 'partialDate', code: 'AEENDAT', label: 'End date', helpText: 'Leave empty while the event is ongoing.', required: false, cdashVariable: 'AEENDAT', sdtmTarget: 'AE.AEENDTC' },
    { type: 'yesNo', code: 'AESER', label: 'Serious', required: false, cdashVariable: 'AESER', sdtmTarget: 'AE.AESER' },
    {
      type: 'yesNo',
      code: 'AESHOSP',
      label: 'Hospitalisation (initial or prolonged)',
      required: false,
      showIf: { '==': [{ var: 'AESER' }, 'Y'] },
      cdashVariable: 'AESHOSP',
      sdtmTarget: 'AE.AESHOSP',
    },
    {
      type: 'singleChoice',
      code: 'AESEV',
      label: 'Severity',
      required: true,
      defaultValue: 'MILD',
      cdashVariable: 'AESEV',
      sdtmTarget: 'AE.AESEV',
      codeList: [
        { code: 'MILD', label: 'Mild' },
        { code: 'MODERATE', label: 'Moderate' },
        { code: 'SEVERE', label: 'Severe' },
      ],
    },
    {
      type: 'singleChoice',
      code: 'AEREL',
      label: 'Relationship to study treatment',
      required: true,
      defaultValue: 'POSSIBLY RELATED',
      cdashVariable: 'AEREL',
      sdtmTarget: 'AE.AEREL',
      codeList: [
        { code: 'NOT RELATED', label: 'Not Related' },
        { code: 'POSSIBLY RELATED', label: 'Possibly Related' },
        { code: 'PROBABLY RELATED', label: 'Probably Related' },
      ],
    },
    {
      type: 'singleChoice',
      code: 'AEOUT',
      label: 'Outcome',
      required: true,
      defaultValue: 'RECOVERED/RESOLVED',
      cdashVariable: 'AEOUT',
      sdtmTarget: 'AE.AEOUT',
      codeList: [
        { code: 'RECOVERED/RESOLVED', label: 'Resolved' },
        { code: 'NOT RECOVERED/NOT RESOLVED', label: 'Ongoing' },
        { code: 'UNKNOWN', label: 'Unknown' },
      ],
    },
  ],
  checks: [],
});

interface DemoForm {
  key: 'DM' | 'MH' | 'VS' | 'LB' | 'EX' | 'CM' | 'AE';
  name: string;
  category: string;
  description: string;
  definition: FormDefinition;
}

function demoForms(): DemoForm[] {
  const lib = (domain: string) => {
    const form = libraryForm(domain);
    if (!form) throw new Error(`CDASH library form ${domain} is missing`);
    return form;
  };
  return [
    { key: 'DM', name: 'Demographics', category: 'Baseline', description: lib('DM').description, definition: lib('DM').definition },
    { key: 'MH', name: 'Medical History', category: 'Baseline', description: lib('MH').description, definition: lib('MH').definition },
    { key: 'VS', name: 'Vital Signs', category: 'Visit', description: lib('VS').description, definition: lib('VS').definition },
    { key: 'LB', name: 'Laboratory Test Results', category: 'Lab', description: lib('LB').description, definition: lib('LB').definition },
    { key: 'EX', name: 'Exposure', category: 'Medication', description: lib('EX').description, definition: lib('EX').definition },
    { key: 'CM', name: 'Concomitant Medications', category: 'Medication', description: lib('CM').description, definition: lib('CM').definition },
    { key: 'AE', name: 'Adverse Event Report', category: 'Safety', description: 'Adverse events reported at any time: description, severity, relationship to study treatment and outcome.', definition: ADVERSE_EVENT_REPORT },
  ];
}

/** Which demo forms are due at which visit (visit codes of catalogue.ts); the AE report is unscheduled.
 *  Exposure is opened at Day 0, the first dose (one administration row for the 28 days, its end date
 *  filled in when the treatment ends). */
const DUE: Record<string, DemoForm['key'][]> = {
  SEL: ['DM', 'MH', 'VS', 'LB'],
  D0: ['VS', 'CM', 'EX'],
  D3: ['VS'],
  D7: ['VS'],
  TELE: ['CM'],
  D28: ['VS'],
  END: ['VS', 'CM', 'LB'],
};

/** The demo's adverse event verbatims and the demo dictionary's (CTCAE v5.0) term each is coded to. */
const AE_CODES: [string, string][] = [
  ['Headache', 'Headache'],
  ['Nausea', 'Nausea'],
  ['Fatigue', 'Fatigue'],
  ['Injection site reaction', 'Injection site reaction'],
  ['Dizziness', 'Dizziness'],
  ['Upper respiratory tract infection', 'Upper respiratory infection'],
];

/** A deterministic number in [0, n) from a row id and a salt, in SQL. */
const pickText = (idSql: string, salt: string, n: number) => `(abs(hashtext(${idSql} || '${salt}')) % ${n})`;
const pick = (idSql: string, salt: string, n: number) => sql.raw(pickText(idSql, salt, n));

export async function seedStudyForms(
  tx: Tx,
  opts: { studyId: number; published: boolean; createdBy: number; siteUser: number; visitDefIds: Map<string, number>; today: string },
): Promise<number> {
  const formIds = new Map<DemoForm['key'], { formId: number; versionId: number }>();
  for (const f of demoForms()) {
    const form = await tx
      .insertInto('forms')
      .values({
        studyId: opts.studyId,
        code: f.key === 'AE' ? 'AE_REPORT' : f.key,
        name: f.name,
        category: f.category,
        description: f.description,
        libraryDomain: f.key,
        status: opts.published ? 'active' : 'draft',
        publishedVersion: opts.published ? 1 : null,
        createdBy: opts.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await tx
      .insertInto('formVersions')
      .values({
        formId: form.id,
        versionNumber: 1,
        definition: JSON.stringify(f.definition),
        fieldCount: countFields(f.definition),
        changes: JSON.stringify([`First version: ${countFields(f.definition)} fields, ${f.definition.checks.length} edit checks`]),
        publishedAt: opts.published ? sql<Date>`now()` as never : null,
        publishedBy: opts.published ? opts.createdBy : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    formIds.set(f.key, { formId: form.id, versionId: version.id });
  }
  const due = Object.entries(DUE).flatMap(([visit, keys]) =>
    keys.map((k) => ({ visitDefinitionId: opts.visitDefIds.get(visit)!, formId: formIds.get(k)!.formId })),
  );
  await tx.insertInto('visitForms').values(due.filter((d) => d.visitDefinitionId)).execute();
  if (!opts.published) return 0;

  const ids = (k: DemoForm['key']) => formIds.get(k)!;
  const dm = ids('DM');
  const vs = ids('VS');
  const cm = ids('CM');
  const ae = ids('AE');
  // The visits whose due forms are submitted: completed and warning ones (a warning visit's vital
  // signs carry a systolic pressure above the soft range).
  const visitsDue = (formId: number, joins = sql``) => sql`
    from subject_visits sv
    join visit_forms vf on vf.visit_definition_id = sv.visit_definition_id and vf.form_id = ${formId}
    join patients p on p.id = sv.patient_id ${joins}
   where p.study_id = ${opts.studyId} and sv.status in ('completed', 'warning') and sv.actual_date is not null`;
  const submitted = sql`'submitted', sv.actual_date, sv.actual_date + time '10:00', ${opts.createdBy}, ${opts.createdBy}`;
  const columns = sql`(form_id, form_version_id, study_id, site_id, patient_id, subject_visit_id, data, open_issues, warning_count, adverse_events, status, visit_date, submitted_at, submitted_by, created_by)`;

  const dmResult = await sql`insert into form_submissions ${columns}
    select ${dm.formId}, ${dm.versionId}, p.study_id, p.site_id, p.id, sv.id,
           jsonb_build_object('DMDAT', sv.actual_date::text, 'BRTHDAT', p.year_of_birth::text, 'SEX', p.sex,
             'ETHNIC', case p.ethnicity when 'Hispanic or Latino' then 'HISPANIC OR LATINO' when 'Not Hispanic or Latino' then 'NOT HISPANIC OR LATINO' else 'NOT REPORTED' end,
             'RACE', jsonb_build_array('NOT REPORTED')),
           '[]'::jsonb, 0, 0, ${submitted} ${visitsDue(dm.formId)}`.execute(tx);

  const sys = sql`case when sv.status = 'warning' then 228 + ${pick('sv.id::text', 'w', 15)} else 104 + ${pick('sv.id::text', 's', 42)} end`;
  const warning = sql`jsonb_build_array(jsonb_build_object('path', 'VSSYSBP', 'field', 'VSSYSBP', 'kind', 'range', 'severity', 'warning',
      'message', 'Systolic Blood Pressure is usually between 70 and 220 mmHg: please check the value.'))`;
  const vsResult = await sql`insert into form_submissions ${columns}
    select ${vs.formId}, ${vs.versionId}, p.study_id, p.site_id, p.id, sv.id,
           jsonb_build_object('VSPERF', 'Y', 'VSDAT', sv.actual_date::text, 'VSPOS', 'SITTING',
             'VSSYSBP', ${sys}, 'VSDIABP', 62 + ${pick('sv.id::text', 'd', 24)}, 'VSPULSE', 58 + ${pick('sv.id::text', 'p', 36)},
             'VSRESP', 12 + ${pick('sv.id::text', 'r', 8)}, 'VSTEMP', round(36.1 + ${pick('sv.id::text', 't', 12)} / 10.0, 1),
             'VSTEMPLOC', 'ORAL CAVITY', 'VSHEIGHT', h.cm, 'VSWEIGHT', h.kg, 'VSBMI', round(h.kg / ((h.cm / 100.0) ^ 2)::numeric, 1)),
           case when sv.status = 'warning' then ${warning} else '[]'::jsonb end,
           case when sv.status = 'warning' then 1 else 0 end, 0, ${submitted}
    ${visitsDue(vs.formId, sql`cross join lateral (select 152 + ${pick('p.id::text', 'h', 40)} as cm, 52 + ${pick('p.id::text', 'kg', 50)} as kg) h`)}`.execute(tx);

  const cmResult = await sql`insert into form_submissions ${columns}
    select ${cm.formId}, ${cm.versionId}, p.study_id, p.site_id, p.id, sv.id,
           case when ${pick('p.id::text', 'cm', 3)} = 0
             then jsonb_build_object('CMYN', 'Y', 'CMLOG', jsonb_build_array(jsonb_build_object(
                    'CMTRT', (array['Paracetamol', 'Atorvastatin', 'Metformin', 'Lisinopril', 'Omeprazole'])[1 + ${pick('p.id::text', 'trt', 5)}],
                    'CMINDC', (array['Pain', 'Hypercholesterolaemia', 'Type 2 diabetes', 'Hypertension', 'Reflux'])[1 + ${pick('p.id::text', 'trt', 5)}],
                    'CMSTDAT', (extract(year from sv.actual_date) - 1)::text, 'CMONGO', 'Y')))
             else jsonb_build_object('CMYN', 'N') end,
           '[]'::jsonb, 0, 0, ${submitted} ${visitsDue(cm.formId)}`.execute(tx);

  // Adverse events: reported on the day they start, with their seriousness (one in ten serious, with a
  // hospitalisation) and an end date once resolved (a few days later, not after today). Three in four
  // verbatims are coded by the data manager to the demo dictionary's term (AE_CODES), as SDTM's AEDECOD
  // needs; the rest wait for the coder: the API proposes them after loading (coding/pending.ts), as a
  // submit does.
  const aeResult = await sql`insert into form_submissions ${columns}
    select ${ae.formId}, ${ae.versionId}, p.study_id, p.site_id, p.id, null,
           jsonb_build_object(
             'AETERM', (array['Headache', 'Nausea', 'Fatigue', 'Injection site reaction', 'Dizziness', 'Upper respiratory tract infection'])[1 + ${pick('p.id::text', 'term', 6)}],
             'AESTDAT', d.day::text,
             'AESER', case when ${pick('p.id::text', 'ser', 10)} = 0 then 'Y' else 'N' end,
             'AESEV', (array['MILD', 'MILD', 'MODERATE', 'SEVERE'])[1 + ${pick('p.id::text', 'sev', 4)}],
             'AEREL', (array['NOT RELATED', 'POSSIBLY RELATED', 'PROBABLY RELATED'])[1 + ${pick('p.id::text', 'rel', 3)}],
             'AEOUT', d.outcome)
           || case when ${pick('p.id::text', 'ser', 10)} = 0 then jsonb_build_object('AESHOSP', 'Y') else '{}'::jsonb end
           || case when d.outcome = 'RECOVERED/RESOLVED' then jsonb_build_object('AEENDAT', least(d.day + 1 + ${pick('p.id::text', 'dur', 10)}::int, ${opts.today}::date)::text) else '{}'::jsonb end,
           '[]'::jsonb, 0, 1, 'submitted', d.day, d.day + time '11:00', ${opts.createdBy}, ${opts.createdBy}
      from patients p, lateral (select least(p.enrollment_date + 1 + ${pick('p.id::text', 'day', 20)}::int, coalesce(p.withdrawal_date, p.completion_date, ${opts.today}::date)) as day,
                                      (array['RECOVERED/RESOLVED', 'RECOVERED/RESOLVED', 'NOT RECOVERED/NOT RESOLVED', 'UNKNOWN'])[1 + ${pick('p.id::text', 'out', 4)}] as outcome) d
     where p.study_id = ${opts.studyId} and p.enrollment_date is not null and ${pick('p.id::text', 'ae', 6)} = 0 and d.day <= ${opts.today}::date`.execute(tx);
  await sql`insert into coding_decisions (study_id, site_id, submission_id, field_path, verbatim, normalized, dictionary_id, status, method, score, reasons,
                                          llt_code, llt_name, pt_code, pt_name, hlt_code, hlt_name, hlgt_code, hlgt_name, soc_code, soc_name, decided_by, decided_at)
    select s.study_id, s.site_id, s.id, 'AETERM', s.data->>'AETERM', lower(s.data->>'AETERM'), t.dictionary_id, 'coded', 'coder', 1, 'demo: coded by the data manager',
           t.llt_code, t.llt_name, t.pt_code, t.pt_name, t.hlt_code, t.hlt_name, t.hlgt_code, t.hlgt_name, t.soc_code, t.soc_name,
           ${opts.createdBy}, least(s.submitted_at + interval '1 day', now())
      from form_submissions s
      join (values ${sql.join(AE_CODES.map(([verbatim, term]) => sql`(${verbatim}, ${term})`))}) as c(verbatim, term) on c.verbatim = s.data->>'AETERM'
      join coding_terms t on t.llt_name = c.term and t.dictionary_id = (select id from coding_dictionaries where is_demo order by id limit 1)
     where s.form_id = ${ae.formId} and ${pick('s.patient_id::text', 'uncoded', 4)} <> 0`.execute(tx);

  const mh = ids('MH');
  const conditions = `array['Hypertension', 'Type 2 diabetes mellitus', 'Asthma', 'Migraine', 'Osteoarthritis', 'Hypercholesterolaemia', 'Appendicectomy']`;
  // One subject in two reports a condition, one in six a second one; start dates are partial (a year, or a
  // year and month) as histories are; the appendicectomy is over (an end year), the rest ongoing.
  const mhRow = (salt: string) => sql.raw(`jsonb_build_object(
      'MHTERM', (${conditions})[1 + ${pickText(`p.id::text`, salt, 7)}],
      'MHSTDAT', case when ${pickText('p.id::text', `${salt}m`, 2)} = 0
        then (extract(year from sv.actual_date) - 2 - ${pickText('p.id::text', `${salt}y`, 15)})::text
        else (extract(year from sv.actual_date) - 1)::text || '-' || lpad((1 + ${pickText('p.id::text', `${salt}mo`, 12)})::text, 2, '0') end,
      'MHONGO', case when (${conditions})[1 + ${pickText(`p.id::text`, salt, 7)}] = 'Appendicectomy' then 'N' else 'Y' end)
      || case when (${conditions})[1 + ${pickText(`p.id::text`, salt, 7)}] = 'Appendicectomy' then jsonb_build_object('MHENDAT', (extract(year from sv.actual_date) - 1)::text) else '{}'::jsonb end`);
  const mhResult = await sql`insert into form_submissions ${columns}
    select ${mh.formId}, ${mh.versionId}, p.study_id, p.site_id, p.id, sv.id,
           case when ${pick('p.id::text', 'mh', 2)} = 0
             then jsonb_build_object('MHYN', 'Y', 'MHLOG', case when ${pick('p.id::text', 'mh2', 3)} = 0
               then jsonb_build_array(${mhRow('c1')}, ${mhRow('c2')}) else jsonb_build_array(${mhRow('c1')}) end)
             else jsonb_build_object('MHYN', 'N') end,
           '[]'::jsonb, 0, 0, ${submitted} ${visitsDue(mh.formId)}`.execute(tx);

  // Local laboratory at selection and study end: haematology and chemistry within their usual ranges.
  const lb = ids('LB');
  const lbResult = await sql`insert into form_submissions ${columns}
    select ${lb.formId}, ${lb.versionId}, p.study_id, p.site_id, p.id, sv.id,
           jsonb_build_object('LBPERF', 'Y', 'LBDAT', sv.actual_date::text, 'LBTIM', '08:30', 'LBFAST', 'Y', 'LBNAM', 'Site laboratory',
             'LBHGB', round(12.0 + ${pick('sv.id::text', 'hgb', 40)} / 10.0, 1), 'LBHGBU', 'g/dL',
             'LBHCT', 36 + ${pick('sv.id::text', 'hct', 12)},
             'LBWBC', round(4.5 + ${pick('sv.id::text', 'wbc', 60)} / 10.0, 1),
             'LBPLAT', 160 + ${pick('sv.id::text', 'plt', 200)},
             'LBALT', 10 + ${pick('sv.id::text', 'alt', 35)}, 'LBALTU', 'U/L',
             'LBAST', 12 + ${pick('sv.id::text', 'ast', 30)}, 'LBASTU', 'U/L',
             'LBCREAT', round(0.6 + ${pick('sv.id::text', 'cr', 6)} / 10.0, 1), 'LBCREATU', 'mg/dL',
             'LBGLUC', 72 + ${pick('sv.id::text', 'glu', 40)}, 'LBGLUCU', 'mg/dL',
             'LBSODIUM', 136 + ${pick('sv.id::text', 'na', 9)}, 'LBSODIUMU', 'mmol/L',
             'LBK', round(3.6 + ${pick('sv.id::text', 'k', 14)} / 10.0, 1), 'LBKU', 'mmol/L'),
           '[]'::jsonb, 0, 0, ${submitted} ${visitsDue(lb.formId)}`.execute(tx);

  // Exposure: one Exposure log per randomised subject, opened at the first dose on Day 0 (the randomisation:
  // at the Day 0 visit when it was done, else outside a visit on that day) with its start date; the end date
  // is filled in when the treatment ends: at the Day 28 visit, on the planned Day 28 when that visit was
  // missed, at withdrawal or at completion before it. Until then the administration has no end (ongoing).
  // In a blinded study the site records the blinded kit (study drug or placebo, its labelled strength), so
  // the casebook does not tell the arm.
  const ex = ids('EX');
  const exResult = await sql`insert into form_submissions ${columns}
    select ${ex.formId}, ${ex.versionId}, p.study_id, p.site_id, p.id, d0.id,
           jsonb_build_object('EXYN', 'Y', 'EXLOG', jsonb_build_array(jsonb_build_object(
             'EXTRT', case when st.blinding = 'open_label' then upper(a.name) else 'STUDY DRUG OR PLACEBO' end, 'EXSTDAT', p.enrollment_date::text,
             'EXDSTXT', case when a.code = 'PLACEBO' and st.blinding = 'open_label' then 0 else 100 end, 'EXDOSU', 'mg', 'EXDOSFRM', 'TABLET', 'EXDOSFRQ', 'QD', 'EXROUTE', 'ORAL',
             'EXLOT', 'LOT-' || (1001 + ${pick('p.site_id::text', 'lot', 9)})::text, 'EXDOSADJ', 'N')
             || case when e.day is not null then jsonb_build_object('EXENDAT', e.day::text) else '{}'::jsonb end)),
           '[]'::jsonb, 0, 0, 'submitted', coalesce(d0.actual_date, p.enrollment_date), coalesce(d0.actual_date, p.enrollment_date) + time '10:00',
           ${opts.createdBy}, ${opts.createdBy}
      from patients p
      join trial_arms a on a.id = p.actual_arm_id
      join studies st on st.id = p.study_id
      left join lateral (select sv.id, sv.actual_date from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id
                          where sv.patient_id = p.id and vd.code = 'D0' and sv.status in ('completed', 'warning') and sv.actual_date is not null) d0 on true
      left join lateral (select sv.status, sv.scheduled_date, sv.actual_date from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id
                          where sv.patient_id = p.id and vd.code = 'D28') d28 on true
      cross join lateral (select case when d28.status in ('completed', 'warning') and d28.actual_date is not null then d28.actual_date
                                      when d28.status = 'missed' then d28.scheduled_date
                                      when p.withdrawal_date is not null then p.withdrawal_date
                                      when p.completion_date is not null then p.completion_date end as day) e
     where p.study_id = ${opts.studyId} and p.enrollment_date is not null and p.enrollment_date <= ${opts.today}::date`.execute(tx);

  await seedWarningQueries(tx, opts.studyId, opts.createdBy, opts.siteUser, opts.today);
  return [dmResult, vsResult, cmResult, aeResult, mhResult, lbResult, exResult].reduce((n, r) => n + Number(r.numAffectedRows ?? 0), 0);
}

/**
 * The queries the edit checks raised on the demo's open warnings (one per submission and field, as the
 * server raises them), at different steps of their lifecycle: open, answered by the site (awaiting
 * review), closed after the answer. Codes Q-<prefix>-00001 upwards per study.
 */
async function seedWarningQueries(tx: Tx, studyId: number, dataManager: number, siteUser: number, today: string) {
  await sql`
    insert into queries (study_id, site_id, patient_id, submission_id, form_id, subject_visit_id, field_path, seq, code, type, origin,
                         check_key, priority, status, description, raised_by, raised_at, due_date, answered_at, resolved_at, resolved_by)
    select s.study_id, s.site_id, s.patient_id, s.id, s.form_id, s.subject_visit_id, w.issue->>'path', w.seq,
           'Q-' || split_part(st.code, '-', 1) || '-' || lpad(w.seq::text, 5, '0'), 'range_check', 'edit_check',
           'range:' || (w.issue->>'path'), (array['high', 'medium', 'medium', 'low'])[1 + s.id % 4], w.status, w.issue->>'message', null,
           s.submitted_at, (s.submitted_at + interval '14 days')::date,
           case when w.status in ('answered', 'closed') then s.submitted_at + interval '2 days' end,
           case when w.status = 'closed' then s.submitted_at + interval '4 days' end,
           case when w.status = 'closed' then ${dataManager}::int end
      -- Through the study's forms (form_submissions_form_idx): form_submissions has no study index, and
      -- a filter on its study_id read the whole table once per study (quadratic in a bulk load).
      from (select s.id, issue, row_number() over (order by s.id)::int as seq,
                   (array['open', 'answered', 'closed', 'open'])[1 + s.id % 4] as status
              from form_submissions s cross join jsonb_array_elements(s.open_issues) issue
             where s.form_id in (select f.id from forms f where f.study_id = ${studyId}) and s.warning_count > 0) w
      join form_submissions s on s.id = w.id
      join studies st on st.id = s.study_id
     where s.submitted_at <= ${today}::date + 1`.execute(tx);
  await sql`
    insert into query_messages (query_id, kind, body, author_id, created_at)
    select q.id, m.kind, m.body, m.author, m.at
      from queries q cross join lateral (values
        ('question', q.description, null::int, q.raised_at),
        ('response', case when q.status in ('answered', 'closed') then 'Value confirmed against the source document.' end, ${siteUser}::int, q.answered_at),
        ('resolution', case when q.status = 'closed' then 'Response accepted; value verified.' end, q.resolved_by, q.resolved_at)
      ) as m(kind, body, author, at)
     where q.study_id = ${studyId} and m.body is not null`.execute(tx);
}
