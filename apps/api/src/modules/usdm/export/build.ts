// A study as one USDM 4.0 document (the Wrapper root): identifiers and titles, the design (arms, epochs,
// elements, study cells), the schedule (schedule.ts), forms as activities with biomedical concept
// references where the CDASH library knows them (and a surrogate naming the library domain),
// eligibility, objectives and endpoints. Pure: the caller loads the study (load.ts).
import { USDM_VERSION } from '@ctp/contracts';
import { CDASH_LIBRARY } from '@ctp/contracts/cdash-library';
import { conceptsOfFields, surrogateName } from '../concepts.ts';
import {
  DATA_IN_STUDY, ENDPOINT_LEVELS, EPOCH_TYPE, EXCLUSION, INCLUSION, INTERVENTIONAL, OBJECTIVE_LEVELS, OFFICIAL_TITLE,
  PARALLEL_MODEL, PHASES, SPONSOR_ORG, TREATMENT_ARM,
} from '../codes.ts';
import type { ExportStudy } from './study-data.ts';
import { chained, Ids } from './ids.ts';
import { buildSchedule } from './schedule.ts';

const NCI = 'http://www.cdisc.org';

/** Epochs in the order the arms pass through them. */
function epochOrder(data: ExportStudy): string[] {
  const order: string[] = [];
  for (const arm of data.arms) {
    let after = -1;
    for (const s of arm.steps) {
      const at = order.indexOf(s.epoch);
      if (at < 0) order.splice(++after, 0, s.epoch);
      else after = Math.max(after, at);
    }
  }
  return order;
}

function buildDesign(ids: Ids, data: ExportStudy) {
  const epochs = chained(
    epochOrder(data).map((e) => ({ id: ids.id('StudyEpoch'), extensionAttributes: [], name: e, label: e, description: null, type: ids.code(EPOCH_TYPE), notes: [], instanceType: 'StudyEpoch' })),
  );
  const epochId = new Map(epochs.map((e) => [e.name, e.id]));
  const elements = data.elements.map((e) => ({
    id: ids.id('StudyElement'),
    extensionAttributes: [],
    name: e.code,
    label: e.name,
    description: e.name,
    transitionStartRule: { id: ids.id('TransitionRule'), extensionAttributes: [], name: `${e.code}_START`, label: null, description: null, text: e.startRule, instanceType: 'TransitionRule' },
    transitionEndRule: e.endRule ? { id: ids.id('TransitionRule'), extensionAttributes: [], name: `${e.code}_END`, label: null, description: null, text: e.endRule, instanceType: 'TransitionRule' } : null,
    studyInterventionIds: [],
    notes: [],
    instanceType: 'StudyElement',
  }));
  const elementId = new Map(data.elements.map((e, i) => [e.code, elements[i]!.id]));
  const arms = data.arms.map((a) => ({
    id: ids.id('StudyArm'),
    extensionAttributes: [],
    name: a.code,
    label: a.name,
    description: a.description,
    type: ids.code(TREATMENT_ARM),
    dataOriginDescription: 'Data collected from subjects',
    dataOriginType: ids.code(DATA_IN_STUDY),
    populationIds: [],
    notes: [],
    instanceType: 'StudyArm',
  }));
  // One cell per arm and epoch, with the arm's consecutive elements in that epoch.
  const cells = data.arms.flatMap((a, i) => {
    const groups: { epoch: string; elements: string[] }[] = [];
    for (const s of a.steps) {
      const last = groups[groups.length - 1];
      if (last && last.epoch === s.epoch) last.elements.push(s.elementCode);
      else groups.push({ epoch: s.epoch, elements: [s.elementCode] });
    }
    return groups.map((g) => ({
      id: ids.id('StudyCell'),
      extensionAttributes: [],
      armId: arms[i]!.id,
      epochId: epochId.get(g.epoch)!,
      elementIds: g.elements.map((c) => elementId.get(c)!),
      instanceType: 'StudyCell',
    }));
  });
  return { epochs, elements, arms, cells };
}

function buildActivities(ids: Ids, data: ExportStudy) {
  const concepts = new Map<string, { id: string; [k: string]: unknown }>();
  const surrogates = new Map<string, { id: string; [k: string]: unknown }>();
  const activities = chained(
    data.forms.map((f) => {
      const bcIds: string[] = [];
      const surrogateIds: string[] = [];
      const library = f.libraryDomain ? CDASH_LIBRARY.find((l) => l.domain === f.libraryDomain) : undefined;
      if (library) {
        for (const c of conceptsOfFields(library.domain, f.fieldCodes)) {
          if (!concepts.has(c.code)) {
            concepts.set(c.code, {
              id: ids.id('BiomedicalConcept'),
              extensionAttributes: [],
              name: c.name,
              label: c.name,
              synonyms: [],
              reference: `NCIt ${c.code}`,
              properties: [],
              code: ids.alias({ code: c.code, decode: c.name }, NCI),
              notes: [],
              instanceType: 'BiomedicalConcept',
            });
          }
          bcIds.push(concepts.get(c.code)!.id);
        }
        if (!surrogates.has(library.domain)) {
          surrogates.set(library.domain, {
            id: ids.id('BiomedicalConceptSurrogate'),
            extensionAttributes: [],
            name: surrogateName(library.domain),
            label: library.name,
            description: `CDISC CDASHIG v2.2 ${library.domain} form: ${library.name}`,
            reference: `CDASHIG v2.2 ${library.domain}`,
            notes: [],
            instanceType: 'BiomedicalConceptSurrogate',
          });
        }
        surrogateIds.push(surrogates.get(library.domain)!.id);
      }
      return {
        id: ids.id('Activity'),
        extensionAttributes: [],
        name: f.name,
        label: f.name,
        description: f.description,
        childIds: [],
        definedProcedures: [],
        biomedicalConceptIds: bcIds,
        bcCategoryIds: [],
        bcSurrogateIds: surrogateIds,
        timelineId: null,
        notes: ids.notes(f.notes),
        instanceType: 'Activity',
      };
    }),
  );
  return { activities, biomedicalConcepts: [...concepts.values()], bcSurrogates: [...surrogates.values()] };
}

function buildEligibility(ids: Ids, data: ExportStudy) {
  const items = data.criteria.map((c) => ({ id: ids.id('EligibilityCriterionItem'), extensionAttributes: [], name: c.code, label: null, description: null, text: c.text, dictionaryId: null, notes: ids.notes(c.notes), instanceType: 'EligibilityCriterionItem' }));
  const criteria = data.criteria.map((c, i) => ({
    id: ids.id('EligibilityCriterion'),
    extensionAttributes: [],
    name: c.code,
    label: null,
    description: null,
    category: ids.code(c.kind === 'inclusion' ? INCLUSION : EXCLUSION),
    // The reader prefixes I/E to the identifier: 'I1' travels as identifier '1'.
    identifier: /^[IE][A-Za-z0-9]+$/.test(c.code) && c.code[0] === (c.kind === 'inclusion' ? 'I' : 'E') ? c.code.slice(1) : c.code,
    criterionItemId: items[i]!.id,
    nextId: null,
    previousId: null,
    notes: [],
    instanceType: 'EligibilityCriterion',
  }));
  return { items, criteria };
}

function buildObjectives(ids: Ids, data: ExportStudy) {
  let endpointNumber = 0;
  return data.objectives.map((o, i) => ({
    id: ids.id('Objective'),
    extensionAttributes: [],
    name: `OBJ${i + 1}`,
    label: null,
    description: null,
    text: o.text,
    dictionaryId: null,
    notes: ids.notes(o.notes),
    instanceType: 'Objective',
    level: ids.code(OBJECTIVE_LEVELS[o.level]),
    endpoints: o.endpoints.map((e) => ({
      id: ids.id('Endpoint'),
      extensionAttributes: [],
      name: `END${++endpointNumber}`,
      label: null,
      description: null,
      text: e.text,
      dictionaryId: null,
      notes: ids.notes(e.notes),
      instanceType: 'Endpoint',
      purpose: e.purpose ?? '',
      level: ids.code(ENDPOINT_LEVELS[e.level]),
    })),
  }));
}

export function buildUsdm(data: ExportStudy, systemVersion: string) {
  const ids = new Ids();
  const s = data.study;
  const sponsor = {
    id: ids.id('Organization'),
    extensionAttributes: [],
    name: s.sponsorName ?? 'Sponsor',
    label: s.sponsorName,
    type: ids.code(SPONSOR_ORG),
    identifierScheme: 'Sponsor study code',
    identifier: s.code,
    // No legalAddress: the product holds none, and a null one reads as an address with every attribute blank (CORE-000971).
    managedSites: [],
    instanceType: 'Organization',
  };
  const design = buildDesign(ids, data);
  const { activities, biomedicalConcepts, bcSurrogates } = buildActivities(ids, data);
  const activityIdsByForm = new Map(data.forms.map((f, i) => [f.name, activities[i]!.id]));
  const { encounters, timeline } = buildSchedule(ids, data, activityIdsByForm);
  const eligibility = buildEligibility(ids, data);
  const areas = (s.therapeuticArea ?? '')
    .split(';')
    .map((a) => a.trim())
    .filter(Boolean);
  const studyDesign = {
    id: ids.id('InterventionalStudyDesign'),
    extensionAttributes: [],
    name: `${s.code} design`,
    label: s.title,
    description: s.description,
    studyType: ids.code(INTERVENTIONAL),
    studyPhase: s.phase ? ids.alias(PHASES[s.phase]) : null,
    therapeuticAreas: areas.map((a) => ids.code({ code: a.toUpperCase().replace(/[^A-Z0-9]+/g, '_'), decode: a }, 'SPONSOR', '1')),
    characteristics: [],
    encounters,
    activities,
    arms: design.arms,
    studyCells: design.cells,
    rationale: s.description ?? s.title,
    epochs: design.epochs,
    elements: design.elements,
    estimands: [],
    indications: [],
    studyInterventionIds: [],
    objectives: buildObjectives(ids, data),
    population: {
      id: ids.id('StudyDesignPopulation'),
      extensionAttributes: [],
      name: 'POP1',
      label: null,
      description: null,
      includesHealthySubjects: false,
      plannedEnrollmentNumber:
        s.targetEnrollment === null ? null : { id: ids.id('Quantity'), extensionAttributes: [], value: s.targetEnrollment, unit: null, instanceType: 'Quantity' },
      plannedCompletionNumber: null,
      plannedSex: [],
      criterionIds: eligibility.criteria.map((c) => c.id),
      plannedAge: null,
      notes: [],
      cohorts: [],
      instanceType: 'StudyDesignPopulation',
    },
    scheduleTimelines: [timeline],
    biospecimenRetentions: [],
    documentVersionIds: [],
    eligibilityCriteria: eligibility.criteria,
    analysisPopulations: [],
    notes: [],
    subTypes: [],
    model: ids.code(PARALLEL_MODEL),
    intentTypes: [],
    blindingSchema: null,
    instanceType: 'InterventionalStudyDesign',
  };
  const versionId = ids.id('StudyVersion');
  // The sponsor's role on this version: CDISC's USDM rules expect exactly one (CORE-000973, -000974) and
  // the sponsor study identifier is the one scoped by an organization in that role (CORE-001054).
  const sponsorRole = {
    id: ids.id('StudyRole'),
    extensionAttributes: [],
    name: 'Sponsor',
    label: null,
    description: null,
    code: ids.code(SPONSOR_ORG),
    appliesToIds: [versionId],
    assignedPersons: [],
    organizationIds: [sponsor.id],
    masking: null,
    notes: [],
    instanceType: 'StudyRole',
  };
  return {
    study: {
      id: null,
      extensionAttributes: [],
      name: s.code,
      description: s.description,
      label: s.title,
      versions: [
        {
          id: versionId,
          extensionAttributes: [],
          versionIdentifier: '1',
          rationale: `Design of ${s.code} as recorded in the Clinical Trial Platform`,
          documentVersionIds: [],
          dateValues: [],
          amendments: [],
          businessTherapeuticAreas: [],
          studyIdentifiers: [{ id: ids.id('StudyIdentifier'), extensionAttributes: [], text: s.code, scopeId: sponsor.id, instanceType: 'StudyIdentifier' }],
          referenceIdentifiers: [],
          studyDesigns: [studyDesign],
          titles: [{ id: ids.id('StudyTitle'), extensionAttributes: [], text: s.title, type: ids.code(OFFICIAL_TITLE), instanceType: 'StudyTitle' }],
          eligibilityCriterionItems: eligibility.items,
          narrativeContentItems: [],
          abbreviations: [],
          roles: [sponsorRole],
          organizations: [sponsor],
          studyInterventions: [],
          administrableProducts: [],
          medicalDevices: [],
          productOrganizationRoles: [],
          biomedicalConcepts,
          bcCategories: [],
          bcSurrogates,
          dictionaries: [],
          conditions: [],
          notes: ids.notes(s.notes),
          instanceType: 'StudyVersion',
        },
      ],
      documentedBy: [],
      instanceType: 'Study',
    },
    usdmVersion: USDM_VERSION,
    systemName: 'Clinical Trial Platform',
    systemVersion,
  };
}
