// A protocol analysis as a USDM 4.0 document (issue 32 item 3): what the analysis found, written with the
// same builder as a study's export, each item carrying its evidence (page, paragraph, table row and the
// text that matched) as USDM notes. What a protocol analysis does not read (arms, phase, the study's
// code) is left out or null rather than invented; the document says so in the study version's notes.
import type { ProtocolAnalysis, ProtocolEvidence, ProposedStatement } from '@ctp/contracts';
import { libraryForm } from '@ctp/contracts/cdash-library';
import type { ExportStudy } from '../usdm/export/study-data.ts';

/** Where a finding came from, in words: 'page 3, line 12: "Week 4 visit ..."'. */
export function evidenceNote(e: ProtocolEvidence): string {
  const where = [
    e.page !== null ? `page ${e.page}` : null,
    e.paragraph !== null ? `paragraph ${e.paragraph}` : null,
    e.line !== null ? `line ${e.line}` : null,
    e.table !== null ? `table ${e.table}` : null,
    e.row !== null ? `row ${e.row}` : null,
  ].filter(Boolean);
  return `Evidence (${where.length ? where.join(', ') : 'document'}): "${e.text}"`;
}

/** A study code from the file's name: capitals, digits and _, at most 20, starting with a letter. */
export function codeFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  const code = /^[A-Z]/.test(base) ? base : `P_${base}`;
  return code.slice(0, 20).replace(/_+$/, '') || 'PROTOCOL';
}

function statementNotes(s: ProposedStatement): string[] {
  return [evidenceNote(s.evidence)];
}

export function analysisAsExportStudy(a: ProtocolAnalysis): ExportStudy {
  const schedule =
    a.scheduleSource === 'table' ? 'the schedule of activities table' : a.scheduleSource === 'text' ? 'the protocol text' : 'nowhere (no schedule found)';
  const endpoints = (level: 'primary' | 'secondary', list: ProposedStatement[]) =>
    list.length === 0
      ? []
      : [
          {
            level,
            // The analysis reads endpoints, not objectives: USDM nests endpoints under an objective, so one
            // objective per level holds them and says that it was not read from the protocol.
            text: `${level === 'primary' ? 'Primary' : 'Secondary'} objective (not read by the protocol analysis; it groups the ${level} endpoints found)`,
            notes: [],
            endpoints: list.map((e) => ({ level, text: e.text, purpose: null, notes: statementNotes(e) })),
          },
        ];
  return {
    study: {
      code: codeFromFileName(a.document.fileName),
      title: `Protocol analysis of ${a.document.fileName}`,
      description: null,
      phase: null,
      therapeuticArea: null,
      targetEnrollment: a.plannedEnrollment?.value ?? null,
      sponsorName: null,
      notes: [
        `Proposal of the Clinical Trial Platform's protocol analysis of ${a.document.fileName} (${a.document.format}` +
          `${a.document.pages !== null ? `, ${a.document.pages} pages` : ''}, ${a.document.paragraphs} paragraphs, ${a.document.tables} tables); ` +
          `visits read from ${schedule}. Arms, phase and objectives are not read by the analysis and are left out.`,
        ...(a.plannedEnrollment ? [`Planned enrollment ${evidenceNote(a.plannedEnrollment.evidence)}`] : []),
      ],
    },
    elements: [],
    arms: [],
    visits: a.visits.map((v) => ({
      code: v.code,
      name: v.name,
      dayOffset: v.day,
      windowBefore: v.windowBefore,
      windowAfter: v.windowAfter,
      notes: [
        evidenceNote(v.evidence),
        ...(v.dayStated ? [] : [`Day ${v.day} assumed: the protocol states no day for this visit`]),
        ...(v.dayDerived ? [`Day ${v.day} computed from weeks or months`] : []),
        ...(v.assessments.length ? [`Assessments scheduled: ${v.assessments.join('; ')}`] : []),
      ],
    })),
    forms: a.proposedForms.map((f) => {
      const library = f.libraryDomain ? libraryForm(f.libraryDomain) : undefined;
      return {
        name: f.name,
        description: f.assessments.length ? `Assessments: ${f.assessments.join('; ')}` : null,
        libraryDomain: library?.domain ?? null,
        // A library form is proposed whole: all its fields, and so all its concepts.
        fieldCodes: library ? library.definition.fields.map((x) => x.code) : [],
        visitCodes: f.visits.filter((code) => a.visits.some((v) => v.code === code)),
        notes: [
          ...(f.matched.length ? [`Matched words: ${f.matched.join('; ')}`] : []),
          ...(library ? [] : [`No CDASH library form: data points to design: ${f.dataPoints.join('; ') || 'none listed'}`]),
          ...f.evidence.map(evidenceNote),
        ],
      };
    }),
    criteria: [
      ...a.criteria.inclusion.map((c, i) => ({ kind: 'inclusion' as const, code: `I${i + 1}`, text: c.text, notes: statementNotes(c) })),
      ...a.criteria.exclusion.map((c, i) => ({ kind: 'exclusion' as const, code: `E${i + 1}`, text: c.text, notes: statementNotes(c) })),
    ],
    objectives: [...endpoints('primary', a.endpoints.primary), ...endpoints('secondary', a.endpoints.secondary)],
  };
}
