// A USDM 4.0 Wrapper document read into a proposal to review: the study, its trial design, the visit
// schedule from the main timeline, the forms due at each visit, eligibility, objectives and endpoints.
// Refuses (UsdmDocumentError, with the path of the offending object) anything that is not JSON, not a
// USDM 4.0 Wrapper, breaks the USDM schema, or refers to objects that do not exist.
import type { UsdmProposal } from '@ctp/contracts';
import type { Design, StudyVersion, Wrapper } from './document.ts';
import { ObjectIndex } from './object-index.ts';
import { UsdmDocumentError } from './refusal.ts';
import { schemaProblem } from './schema.ts';
import { chainOrder, scheduleEncounters } from './timeline.ts';
import { readCriteria, resolveText } from './eligibility.ts';
import { activityForm } from './forms.ts';
import { originOf } from './origin.ts';
import { levelOf, phaseOfCode } from './codes.ts';

/** Parses and checks the document's shape; the wrapper it returns has passed the USDM schema. */
export function parseUsdm(text: string): Wrapper {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new UsdmDocumentError('', 'The file is not JSON');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc) || !('study' in doc) || !('usdmVersion' in doc)) {
    throw new UsdmDocumentError('', 'The JSON is not a USDM document (a Wrapper with study and usdmVersion)');
  }
  const version = (doc as { usdmVersion: unknown }).usdmVersion;
  if (typeof version !== 'string' || !/^4\.0(\.\d+)?$/.test(version)) {
    throw new UsdmDocumentError('usdmVersion', 'Only USDM version 4.0 is read; this document is another version');
  }
  const problem = schemaProblem(doc);
  if (problem) throw new UsdmDocumentError(problem.path, `does not follow the USDM 4.0 schema: ${problem.message}`);
  return doc as Wrapper;
}

/** Upper-case code from a name: allowed characters only, cut to length, unique among `used`. */
export function codeFrom(text: string, pattern: { chars: RegExp; max: number; letterFirst?: boolean }, used: Set<string>, fallback: string): string {
  let base = text.toUpperCase().replace(pattern.chars, '_').replace(/_+/g, '_').replace(/^_+|_+$/g, '');
  if (pattern.letterFirst) base = base.replace(/^[^A-Z]+/, '');
  base = (base || fallback).slice(0, pattern.max);
  let code = base;
  for (let n = 2; used.has(code); n++) code = `${base.slice(0, pattern.max - String(n).length)}${n}`;
  used.add(code);
  return code;
}

const ARM_CODE = { chars: /[^A-Z0-9_]+/g, max: 20 };
const ELEMENT_CODE = { chars: /[^A-Z0-9_]+/g, max: 8 };
const VISIT_CODE = { chars: /[^A-Z0-9_]+/g, max: 20, letterFirst: true };
const STUDY_CODE = { chars: /[^A-Z0-9-]+/g, max: 30 };
const epochCode = (name: string) => (name.toUpperCase().replace(/[^A-Z0-9 -]+/g, ' ').replace(/\s+/g, ' ').trim().replace(/^[^A-Z]+/, '') || 'EPOCH').slice(0, 40);

function enrollment(design: Design): number | null {
  const n = design.population.plannedEnrollmentNumber as { value?: number; maxValue?: { value: number } } | null | undefined;
  const value = n?.value ?? n?.maxValue?.value;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function studyPart(index: ObjectIndex, wrapper: Wrapper, version: StudyVersion, design: Design): UsdmProposal['study'] {
  const titles = version.titles.map((t) => ({ origin: originOf({ ...t, name: t.type.decode }), type: t.type.decode, text: t.text }));
  const byType = (re: RegExp) => version.titles.find((t) => re.test(t.type.decode))?.text;
  const acronym = byType(/acronym/i) ?? null;
  const identifiers = version.studyIdentifiers.map((i) => {
    const scope = index.find(i.scopeId);
    if (!scope) throw new UsdmDocumentError(`${index.pathOf(i)}.scopeId`, 'refers to no Organization');
    return { origin: originOf({ ...i, name: i.text }), text: i.text, scope: (scope.value.name as string) ?? null, sponsor: /sponsor/i.test(((scope.value.type as { decode?: string }) ?? {}).decode ?? '') };
  });
  const sponsorId = identifiers.find((i) => i.sponsor)?.text ?? identifiers[0]?.text ?? acronym ?? wrapper.study.name;
  const phase = design.studyPhase?.standardCode;
  return {
    origin: originOf(wrapper.study),
    title: (byType(/official/i) ?? byType(/brief/i) ?? wrapper.study.label ?? wrapper.study.name).slice(0, 300),
    titles,
    acronym,
    code: codeFrom(sponsorId.length >= 3 ? sponsorId : `${sponsorId}-USDM`, STUDY_CODE, new Set(), 'USDM-STUDY'),
    identifiers: identifiers.map(({ sponsor: _s, ...i }) => i),
    phase: phaseOfCode(phase?.code),
    phaseDecode: phase?.decode ?? null,
    studyType: design.studyType?.decode ?? (design.instanceType === 'ObservationalStudyDesign' ? 'Observational' : null),
    therapeuticAreas: (design.therapeuticAreas ?? []).map((c) => ({ code: c.code, decode: c.decode })),
    plannedEnrollment: enrollment(design),
    description: wrapper.study.description ?? design.description ?? null,
  };
}

export function proposalOf(wrapper: Wrapper): UsdmProposal {
  const index = new ObjectIndex(wrapper);
  const version = wrapper.study.versions?.[0];
  if (!version) throw new UsdmDocumentError('study.versions', 'has no study version');
  const design = version.studyDesigns?.[0];
  if (!design) throw new UsdmDocumentError('study.versions[0].studyDesigns', 'has no study design');

  const armCodes = new Map<string, string>();
  const usedArms = new Set<string>();
  const arms = design.arms.map((a) => {
    const code = codeFrom(a.name, ARM_CODE, usedArms, 'ARM');
    armCodes.set(a.id, code);
    return { origin: originOf(a), code, name: (a.label?.trim() || a.name).slice(0, 200), description: a.description?.trim() || null };
  });
  const epochCodes = new Map<string, string>();
  const epochs = chainOrder(design.epochs).map((e) => {
    let code = epochCode(e.name);
    for (let n = 2; [...epochCodes.values()].includes(code); n++) code = `${epochCode(e.name).slice(0, 37)} ${n}`;
    epochCodes.set(e.id, code);
    return { origin: originOf(e), code, name: e.label?.trim() || e.name };
  });
  const elementCodes = new Map<string, string>();
  const usedElements = new Set<string>();
  const elements = (design.elements ?? []).map((el) => {
    const code = codeFrom(el.name, ELEMENT_CODE, usedElements, 'EL');
    elementCodes.set(el.id, code);
    const name = (el.label?.trim() || el.description?.trim() || el.name).slice(0, 200);
    return {
      origin: originOf(el),
      code,
      name,
      startRule: el.transitionStartRule?.text?.trim() || `Start of ${name}`,
      endRule: el.transitionEndRule?.text?.trim() || `End of ${name}`,
    };
  });
  const cells = design.studyCells.map((c) => {
    index.resolve(c, 'armId', c.armId, ['StudyArm']);
    index.resolve(c, 'epochId', c.epochId, ['StudyEpoch']);
    c.elementIds.forEach((e, i) => index.resolve(c, 'elementIds', e, ['StudyElement'], i));
    return { origin: originOf({ ...c, name: `${armCodes.get(c.armId)} / ${epochCodes.get(c.epochId)}` }), armCode: armCodes.get(c.armId)!, epochCode: epochCodes.get(c.epochId)!, elementCodes: c.elementIds.map((e) => elementCodes.get(e)!) };
  });

  const usedVisits = new Set<string>();
  const scheduled = scheduleEncounters(index, design);
  const visits = scheduled.map((s) => ({
    origin: originOf(s.encounter),
    code: codeFrom(s.encounter.name, VISIT_CODE, usedVisits, 'V'),
    name: (s.encounter.label?.trim() || s.encounter.name).slice(0, 200),
    dayOffset: s.dayOffset,
    windowBefore: s.windowBefore,
    windowAfter: s.windowAfter,
    epochCode: s.epochId ? (epochCodes.get(s.epochId) ?? null) : null,
    unscheduled: s.unscheduled,
    conditional: s.conditional,
    timing: s.timing?.id ?? null,
  }));
  const activities = chainOrder(design.activities ?? []);
  const forms = activities
    .map((a) => activityForm(index, a, visits.filter((_, i) => scheduled[i]!.activityIds.includes(a.id)).map((v) => v.code)))
    .filter((f) => f.visitCodes.length > 0);

  const criteria = readCriteria(index, version, design).map((c) => ({ origin: originOf(c.criterion), kind: c.kind, code: c.code, text: c.text.slice(0, 4000), unresolved: c.unresolved }));
  // Objective and endpoint texts may carry parameters too; an empty text falls back to the object's name.
  const textOf = (o: { text: string; name: string; dictionaryId?: string | null }) => (resolveText(index, version, o.text, o.dictionaryId).text || o.name).slice(0, 10000);
  const objectives = (design.objectives ?? []).map((o) => ({
    origin: originOf(o),
    level: levelOf(o.level.decode),
    text: textOf(o),
    endpoints: (o.endpoints ?? []).map((e) => ({ origin: originOf(e), level: levelOf(e.level.decode), text: textOf(e), purpose: e.purpose?.trim().slice(0, 2000) || null })),
  }));
  return {
    usdmVersion: wrapper.usdmVersion,
    systemName: wrapper.systemName ?? null,
    study: studyPart(index, wrapper, version, design),
    arms,
    epochs,
    elements,
    cells,
    visits,
    forms,
    criteria,
    objectives,
  };
}

/** The whole reading: text -> checked document -> proposal. */
export function readUsdm(text: string): UsdmProposal {
  return proposalOf(parseUsdm(text));
}
