// Deterministic demo data. Scale 1 is a coherent demo: studies in every phase and status, sites in
// several countries, subjects with plausible dates and visits. Scale N grows it linearly for
// benchmarks (scale 100: 200 studies, 2,000 sites, about 100,000 subjects). Every row goes through
// withActor, so the load itself is in the audit trail as the system's 'Demo data load'.
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { withActor, type Tx } from '../actor.ts';
import { hashPassword } from '../passwords.ts';
import { createRandom, addDays, daysBetween, type Random } from './random.ts';
import { seedStudyForms } from './forms.ts';
import { seedStudyTmf } from './tmf.ts';
import { seedStudyDesign } from './design.ts';
import { seedRandomization, waitingSubjects } from './randomization.ts';
import { seedSupply } from './supply.ts';
import { BlobStore } from '../files/blob-store.ts';
import { batchWriter, type LoadUnit, type RowWriter } from './row-writer.ts';
import {
  AREAS, SPONSORS, CROS, PLACES, INSTITUTION_KINDS, GIVEN_NAMES, FAMILY_NAMES, ETHNICITIES, VISITS, MILESTONES,
} from './catalogue.ts';

export const DEFAULT_DEMO_PASSWORD = 'Demo-Password-2026';
const DEMO_ROLES = ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'] as const;
const DEMO_NAMES: Record<(typeof DEMO_ROLES)[number], string> = {
  admin: 'Alex Morgan',
  'data-manager': 'Sarah Johnson',
  'study-manager': 'Michael Chen',
  investigator: 'Dr. Elena Rodriguez',
  coordinator: 'Priya Patel',
  monitor: 'Thomas Weber',
  sponsor: 'Laura Bennett',
};
/** The demo person who holds different roles in two studies (printed at start with the demo logins). */
export const DUAL_ROLE_DEMO_USER = {
  email: 'dual-role@demo.local',
  fullName: 'Dr. Kenji Watanabe',
  description: 'investigator at one site of the first study, monitor of the second',
} as const;
const DUAL_ROLE_KEY = 'dual-role';
const STUDY_STATUS_CYCLE = ['active', 'enrolling', 'active', 'planning', 'completed', 'enrolling', 'suspended', 'on-hold'] as const;
const PHASE_CYCLE = ['Phase III', 'Phase II', 'Phase I', 'Phase III', 'Phase IV', 'Phase II', 'Phase III', 'Phase I'] as const;

export interface SeedOptions {
  scale?: number;
  password?: string;
  /** The 'today' the data is built around; defaults to the current date. */
  today?: string;
  seed?: number;
  /** Where the demo trial master file's files are stored (the API's STORAGE_DIR). */
  storageDir?: string;
  /** Benchmarks only: each study screens this many times the subjects it would (default 1), to measure
   *  per-study work such as SDTM generation on larger studies. */
  subjectsFactor?: number;
  /** How each unit of rows is written (bulk/load.ts: COPY); by default withActor and batched INSERTs. */
  unit?: LoadUnit;
}

export interface SeedSummary {
  users: number;
  studies: number;
  sites: number;
  patients: number;
  visits: number;
  submissions: number;
  /** Trial master file documents (none without a storage directory: documents need their files). */
  documents: number;
  regulatorySubmissions: number;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('users').select('id')).as('hasUsers'),
      eb.exists(eb.selectFrom('studies').select('id')).as('hasStudies'),
    ])
    .executeTakeFirstOrThrow();
  return !row.hasUsers && !row.hasStudies;
}

export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const scale = Math.max(1, Math.floor(opts.scale ?? 1));
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const rnd = createRandom(opts.seed ?? 20240601);
  if (!(await databaseIsEmpty(db))) throw new Error('The database already holds data: demo data is loaded only into an empty database.');

  const studyCount = scale === 1 ? 8 : 2 * scale;
  const siteCount = scale === 1 ? 16 : 20 * scale;
  const actor = { userId: null, reason: 'Demo data load' };
  const unit: LoadUnit = opts.unit ?? ((work) => withActor(db, actor, (tx) => work(tx, batchWriter(tx))));
  const passwordHash = await hashPassword(opts.password ?? DEFAULT_DEMO_PASSWORD);

  const userIds = await unit((_tx, rows) =>
    rows.insert(
      'users',
      DEMO_ROLES.map((role) => ({ email: `${role}@demo.local`, fullName: DEMO_NAMES[role], role, passwordHash })),
      true,
    ),
  );
  const userByRole: Record<string, number> = Object.fromEntries(DEMO_ROLES.map((r, i) => [r, userIds[i]!]));
  // One person with different roles in two studies (per-study roles): investigator at a site of the
  // first study, monitor of the second. Their global role only matters outside studies.
  const [dualRoleId] = await unit((_tx, rows) =>
    rows.insert('users', [{ email: DUAL_ROLE_DEMO_USER.email, fullName: DUAL_ROLE_DEMO_USER.fullName, role: 'investigator', passwordHash }], true),
  );
  userByRole[DUAL_ROLE_KEY] = dualRoleId!;

  const sites = Array.from({ length: siteCount }, (_, i) => buildSite(rnd, i, today));
  const siteIds = await unit((_tx, rows) => rows.insert('sites', sites, true));
  const siteStatus = new Map(siteIds.map((id, i) => [id, sites[i]!.status]));

  const sitesPerStudy = (i: number) => (scale === 1 ? 3 + (i % 4) : 10);
  const studies = Array.from({ length: studyCount }, (_, i) =>
    buildStudy(rnd, i, today, Array.from({ length: sitesPerStudy(i) }, () => rnd.int(8, 20) * (scale === 1 ? 1 : 6))),
  );
  const studyIds = await unit((_tx, rows) =>
    rows.insert('studies', studies.map(({ siteTargets: _, ...row }) => row), true),
  );

  let patients = 0;
  let visits = 0;
  let submissions = 0;
  // One transaction per study keeps each unit small and the load restartable on failure.
  for (let s = 0; s < studyCount; s++) {
    const study = studies[s]!;
    const studyId = studyIds[s]!;
    const firstSite = (s * 7) % siteCount;
    const chosen = Array.from({ length: sitesPerStudy(s) }, (_, k) => siteIds[(firstSite + k) % siteCount]!);
    const counts = await unit((tx, rows) =>
      seedStudyChildren(tx, rows, rnd, { study, studyId, siteIds: chosen, siteStatus, today, userByRole, scale, index: s, subjectsFactor: Math.max(1, opts.subjectsFactor ?? 1) }),
    );
    patients += counts.patients;
    visits += counts.visits;
    submissions += counts.submissions;
  }

  // The trial master file and regulatory submissions, once the studies and their sites exist. Their
  // documents need files, so without a storage directory there are neither.
  let documents = 0;
  let regulatorySubmissions = 0;
  if (opts.storageDir) {
    const files = new BlobStore(opts.storageDir);
    const person = (role: (typeof DEMO_ROLES)[number]) => ({ id: userByRole[role]!, name: DEMO_NAMES[role] });
    const users = { dataManager: person('data-manager'), studyManager: person('study-manager'), monitor: person('monitor'), coordinator: person('coordinator') };
    const siteCounter = { n: 0 };
    for (let s = 0; s < studyCount; s++) {
      const study = studies[s]!;
      const counts = await unit((tx) =>
        seedStudyTmf(
          tx,
          {
            id: studyIds[s]!,
            index: s,
            code: study.code,
            title: study.title,
            status: study.status,
            setUpOn: study.createdAt.slice(0, 10),
            startDate: study.startDate,
            plannedEndDate: study.plannedEndDate,
            actualEndDate: study.actualEndDate,
          },
          { today, scale, files, users, siteCounter },
        ),
      );
      documents += counts.documents;
      regulatorySubmissions += counts.submissions;
    }
  }
  return { users: DEMO_ROLES.length, studies: studyCount, sites: siteCount, patients, visits, submissions, documents, regulatorySubmissions };
}

function personName(rnd: Random) {
  return `${rnd.pick(GIVEN_NAMES)} ${rnd.pick(FAMILY_NAMES)}`;
}

// Record dates follow the story the data tells: a site registered years ago, a study set up months
// before it starts, a subject recorded at screening. They are derived from the index, not drawn from
// the random sequence, so every other figure of the demo stays the same.
function buildSite(rnd: Random, i: number, today: string) {
  const registeredOn = addDays(today, -(1300 + ((i * 53) % 500)));
  const place = PLACES[i % PLACES.length]!;
  const kind = INSTITUTION_KINDS[Math.floor(i / PLACES.length) % INSTITUTION_KINDS.length]!;
  const round = Math.floor(i / (PLACES.length * INSTITUTION_KINDS.length));
  return {
    siteNumber: `SITE-${String(i + 1).padStart(4, '0')}`,
    name: `${place.city} ${kind}${round ? ` ${round + 1}` : ''}`,
    principalInvestigator: `Dr. ${personName(rnd)}`,
    address: `${rnd.int(1, 400)} ${place.street}, ${place.city}`,
    city: place.city,
    country: place.country,
    phone: `+${rnd.int(1, 81)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`,
    email: `research.site${i + 1}@hospital.example`,
    status: i % 9 === 4 ? 'pending' : i % 23 === 11 ? 'inactive' : 'active',
    createdAt: at(registeredOn),
    updatedAt: at(registeredOn),
  };
}

function buildStudy(rnd: Random, i: number, today: string, siteTargets: number[]) {
  const area = AREAS[i % AREAS.length]!;
  const status = STUDY_STATUS_CYCLE[i % STUDY_STATUS_CYCLE.length]!;
  const sponsor = SPONSORS[i % SPONSORS.length]!;
  const cro = CROS[i % CROS.length]!;
  // Planning studies start in the future, completed ones ended in the past, the rest are under way.
  const startOffset = status === 'planning' ? rnd.int(30, 120) : status === 'completed' ? -rnd.int(900, 1200) : -rnd.int(200, 700);
  const startDate = addDays(today, startOffset);
  const durationDays = rnd.int(700, 1100);
  const plannedEndDate = addDays(startDate, durationDays);
  const setUpOn = minDate(addDays(startDate, -(90 + ((i * 29) % 90))), addDays(today, -(7 + (i % 20))));
  const year = startDate.slice(0, 4);
  return {
    code: `${area.prefix}-${year}-${String(i + 1).padStart(3, '0')}`,
    title: `A ${PHASE_CYCLE[i % PHASE_CYCLE.length]!.replace('Phase', 'phase')} randomised study: ${area.titles[i % area.titles.length]}`,
    description: `Multicentre, randomised, ${i % 4 === 1 ? 'double-blind' : 'open-label'} study of ${area.titles[i % area.titles.length]!.toLowerCase()}.`,
    phase: PHASE_CYCLE[i % PHASE_CYCLE.length]!,
    status,
    therapeuticArea: area.area,
    targetEnrollment: siteTargets.reduce((a, b) => a + b, 0),
    sponsorName: sponsor.name,
    sponsorType: sponsor.type,
    croName: cro.name,
    croType: cro.type,
    principalInvestigator: `Dr. ${personName(rnd)}`,
    principalInvestigatorTitle: 'Coordinating Investigator',
    studyManager: personName(rnd),
    studyManagerTitle: 'Clinical Study Manager',
    startDate,
    plannedEndDate,
    actualEndDate: status === 'completed' ? addDays(plannedEndDate, -rnd.int(0, 60)) : null,
    budgetTotal: rnd.int(20, 180) * 100_000,
    currency: 'USD',
    // The second study (every fourth) is double-blind: its subjects' arms are shown to administrators and
    // study managers only (no random draw, so every other demo figure stays as it was).
    blinding: i % 4 === 1 ? ('double_blind' as const) : ('open_label' as const),
    createdAt: at(setUpOn),
    updatedAt: at(setUpOn),
    siteTargets,
  };
}

interface StudyContext {
  study: ReturnType<typeof buildStudy>;
  studyId: number;
  siteIds: number[];
  /** Each site's own status: only an active site is activated for a study. */
  siteStatus: Map<number, string>;
  today: string;
  userByRole: Record<string, number>;
  scale: number;
  index: number;
  subjectsFactor: number;
}

async function seedStudyChildren(tx: Tx, rows: RowWriter, rnd: Random, ctx: StudyContext) {
  const { study, studyId, today } = ctx;
  const started = study.startDate <= today;
  const elapsed = Math.max(0, Math.min(1, daysBetween(study.startDate, today) / daysBetween(study.startDate, study.plannedEndDate)));

  // Sites in the study, each with its own target; activation follows the study's progress.
  const targets = study.siteTargets;
  const studySites = ctx.siteIds.map((siteId, k) => {
    const assignedOn = addDays(study.startDate, -rnd.int(20, 60));
    const active = started && (k < 2 || rnd.chance(0.75)) && study.status !== 'planning' && ctx.siteStatus.get(siteId) === 'active';
    const activatedOn = active ? addDays(assignedOn, rnd.int(21, 70)) : null;
    // A study that starts later has had its sites assigned since it was set up.
    const setUpOn = study.createdAt.slice(0, 10);
    const assigned = assignedOn < today ? assignedOn : maxDate(setUpOn, addDays(today, -(3 + ((ctx.index * 7 + k * 11) % 45))));
    const activated = activatedOn && activatedOn < today ? activatedOn : active ? today : null;
    return {
      studyId,
      siteId,
      enrollmentTarget: targets[k]!,
      status: active ? 'active' : 'pending',
      assignedOn: assigned,
      activatedOn: activated,
      createdAt: at(assigned),
      updatedAt: at(activated ?? assigned),
    };
  });
  await rows.insert('study_sites', studySites);

  // Members: managers and monitors see every study; site staff see the first studies at one site.
  // The study manager is the demo's unblinded team in a blinded study (sees arms, lists, allocations).
  const members: { userId: number; studyId: number; role: string; siteId: number | null; unblinded?: boolean }[] = [
    { userId: ctx.userByRole['data-manager']!, studyId, role: 'data-manager', siteId: null },
    { userId: ctx.userByRole['study-manager']!, studyId, role: 'study-manager', siteId: null, unblinded: study.blinding !== 'open_label' },
    { userId: ctx.userByRole['monitor']!, studyId, role: 'monitor', siteId: null },
  ];
  if (ctx.index < 4) {
    members.push({ userId: ctx.userByRole['investigator']!, studyId, role: 'investigator', siteId: ctx.siteIds[0]! });
    members.push({ userId: ctx.userByRole['coordinator']!, studyId, role: 'coordinator', siteId: ctx.siteIds[0]! });
  }
  if (ctx.index === 0) members.push({ userId: ctx.userByRole[DUAL_ROLE_KEY]!, studyId, role: 'investigator', siteId: ctx.siteIds[1] ?? ctx.siteIds[0]! });
  if (ctx.index === 1) members.push({ userId: ctx.userByRole[DUAL_ROLE_KEY]!, studyId, role: 'monitor', siteId: null });
  if (study.sponsorName === SPONSORS[0].name) {
    members.push({ userId: ctx.userByRole['sponsor']!, studyId, role: 'sponsor', siteId: null });
  }
  await rows.insert('study_memberships', members.map((m) => ({ ...m, unblinded: m.unblinded ?? false })));

  const visitDefIds = await rows.insert('visit_definitions',
    VISITS.map((v, k) => ({ studyId, code: v.code, name: v.name, dayOffset: v.dayOffset, windowDays: v.windowDays, windowBefore: v.windowDays, sortOrder: k })),
    true,
  );
  const armIds = await seedStudyDesign(tx, studyId);
  // The first double-blind study randomizes: criteria, a live scheme, subjects waiting (demo/randomization.ts).
  const randomizes = ctx.index === 1 && study.blinding === 'double_blind';
  if (randomizes) {
    const arms = await tx.selectFrom('trialArms').select(['id', 'code']).where('studyId', '=', studyId).orderBy('sortOrder').execute();
    await seedRandomization(tx, studyId, arms, at(study.startDate < today ? study.startDate : today));
  }

  await rows.insert('milestones',
    inOrder(
      MILESTONES.map((m) => {
        const date = addDays(study.startDate, Math.round(m.at * daysBetween(study.startDate, study.plannedEndDate)));
        const past = date < today;
        const status = study.status === 'completed' || (past && rnd.chance(0.85)) ? 'completed' : past ? 'overdue' : 'pending';
        return { studyId, name: m.name, targetDate: date, status, description: m.description };
      }),
    ),
  );
  // The first milestone not yet completed is the current one.
  await sql`update milestones set status = 'current' where id = (
      select id from milestones where study_id = ${studyId} and status = 'pending' order by target_date limit 1)
    and ${study.status !== 'completed'}`.execute(tx);

  const budgetShares = [0.35, 0.15, 0.12, 0.12, 0.1, 0.06, 0.1];
  const spentRatio = study.status === 'completed' ? rnd.int(90, 99) / 100 : elapsed * (rnd.int(80, 120) / 100);
  await rows.insert('budget_lines',
    ['Site payments', 'Monitoring', 'Data management', 'Laboratory', 'Investigational product', 'Regulatory', 'Project management'].map(
      (category, k) => {
        const planned = Math.round(study.budgetTotal * budgetShares[k]!);
        return { studyId, category, description: `${category} for ${study.code}`, plannedAmount: planned, actualAmount: Math.round(planned * Math.min(1, spentRatio)) };
      },
    ),
  );

  const seedForms = () =>
    seedStudyForms(tx, {
      studyId,
      published: study.status !== 'planning',
      createdBy: ctx.userByRole['data-manager']!,
      siteUser: ctx.userByRole['coordinator']!,
      visitDefIds: new Map(VISITS.map((v, k) => [v.code, visitDefIds[k]!])),
      today,
    });
  if (!started || study.status === 'planning') {
    await seedForms();
    return { patients: 0, visits: 0, submissions: 0 };
  }

  // Subjects: enrolled over the elapsed part of the study at active sites.
  const activeSites = studySites.filter((s) => s.status === 'active');
  // Subjects follow the plan (linear to 'Last Patient In' at 70% of the duration), each study
  // somewhat ahead or behind; about 85% of screened subjects go on to enrol.
  const planned = study.status === 'completed' ? 1 : Math.min(1, elapsed / 0.7);
  const wanted = Math.round((ctx.subjectsFactor * study.targetEnrollment * planned * (rnd.int(65, 125) / 100)) / 0.85);
  const subjects: any[] = [];
  const perSiteSeq = new Map<number, number>();
  // Randomised (enrolled) subjects alternate between the arms, each treated as randomised; subjects
  // still in screening stay unassigned.
  let randomised = 0;
  for (let n = 0; n < wanted && activeSites.length; n++) {
    const site = activeSites[n % activeSites.length]!;
    const seq = (perSiteSeq.get(site.siteId) ?? 0) + 1;
    perSiteSeq.set(site.siteId, seq);
    const windowStart = site.activatedOn!;
    const span = Math.max(1, daysBetween(windowStart, study.actualEndDate ?? today) - 14);
    const screeningDate = addDays(windowStart, rnd.int(0, span));
    const roll = rnd.next();
    let status = study.status === 'completed' ? (roll < 0.88 ? 'completed' : 'withdrawn') : roll < 0.12 ? 'screening' : roll < 0.8 ? 'enrolled' : roll < 0.93 ? 'completed' : 'withdrawn';
    const enrollmentDate = status === 'screening' ? null : addDays(screeningDate, rnd.int(3, 14));
    if (enrollmentDate && enrollmentDate > today) status = 'screening';
    const subject = {
      subjectCode: `${study.code.split('-')[0]}-${String(ctx.siteIds.indexOf(site.siteId) + 1).padStart(2, '0')}-${String(seq).padStart(4, '0')}`,
      studyId,
      siteId: site.siteId,
      status,
      yearOfBirth: Number(today.slice(0, 4)) - rnd.int(19, 82),
      sex: rnd.chance(0.5) ? 'F' : 'M',
      ethnicity: rnd.chance(0.97) ? rnd.pick(ETHNICITIES) : null,
      screeningDate,
      enrollmentDate: status === 'screening' ? null : enrollmentDate,
      completionDate: status === 'completed' ? minDate(addDays(enrollmentDate!, 90), today) : null,
      withdrawalDate: status === 'withdrawn' ? minDate(addDays(enrollmentDate ?? screeningDate, rnd.int(5, 80)), today) : null,
    };
    const arm = subject.enrollmentDate ? armIds[randomised++ % armIds.length]! : null;
    Object.assign(subject, { plannedArmId: arm, actualArmId: arm });
    // Recorded at screening, last changed by its latest status change.
    const lastChange = subject.withdrawalDate ?? subject.completionDate ?? subject.enrollmentDate ?? screeningDate;
    subjects.push({ ...subject, createdAt: at(screeningDate), updatedAt: at(lastChange) });
  }
  // Subjects waiting to be randomized: no arm, and no visit after selection yet (their draws still made,
  // so every other demo figure stays as it was).
  const waiting = randomizes ? waitingSubjects(subjects, ctx.siteIds[0]!) : new Set<(typeof subjects)[number]>();
  for (const s of waiting) Object.assign(s, { plannedArmId: null, actualArmId: null });
  const patientIds = await rows.insert('patients', subjects, true);

  const visitRows: any[] = [];
  subjects.forEach((p, k) => {
    const anchor = p.enrollmentDate ?? addDays(p.screeningDate, 14);
    VISITS.forEach((v, vk) => {
      if (!p.enrollmentDate && v.code !== 'SEL') return;
      const scheduledDate = v.code === 'SEL' ? p.screeningDate : addDays(anchor, v.dayOffset);
      const stoppedOn = p.withdrawalDate ?? null;
      if (stoppedOn && scheduledDate > stoppedOn) return;
      // Statuses follow the visit-status rule (apps/api/src/modules/submissions/visit-status.ts):
      // missed only once the window has closed, pending from the window's opening, scheduled before it.
      let status: string;
      let actualDate: string | null = null;
      const windowClosed = addDays(scheduledDate, v.windowDays) < today;
      if (scheduledDate <= today) {
        const r = rnd.next();
        status = r < 0.9 ? 'completed' : r < 0.95 ? (windowClosed ? 'missed' : 'pending') : 'warning';
        if (status === 'completed') actualDate = minDate(addDays(scheduledDate, rnd.int(0, v.windowDays)), today);
        // A warning visit was done a little outside its window (and, for vital signs, with a systolic
        // pressure above its soft range: demo/forms.ts).
        if (status === 'warning') {
          actualDate = addDays(scheduledDate, v.windowDays + rnd.int(1, 3));
          // Not yet possible to be late: done on time instead.
          if (actualDate > today) [status, actualDate] = ['completed', minDate(addDays(scheduledDate, rnd.int(0, v.windowDays)), today)];
        }
      } else {
        status = addDays(scheduledDate, -v.windowDays) <= today ? 'pending' : 'scheduled';
      }
      // Visits follow the plan's order: the selection visit is done before randomisation (Day 0), however
      // late in its window it falls (a date from the stream, then kept before Day 0: no other draw moves).
      if (actualDate && v.code === 'SEL' && p.enrollmentDate && actualDate >= p.enrollmentDate) actualDate = addDays(p.enrollmentDate, -1);
      if (waiting.has(p) && v.code !== 'SEL') return;
      visitRows.push({ patientId: patientIds[k]!, visitDefinitionId: visitDefIds[vk]!, status, scheduledDate, actualDate });
    });
  });
  await rows.insert('subject_visits', visitRows);
  // Blinded studies keep their kits in the platform (demo/supply.ts).
  if (study.blinding === 'double_blind') {
    await seedSupply(tx, rows, { studyId, studyCode: study.code, siteIds: ctx.siteIds, today, managerId: ctx.userByRole['study-manager']!, coordinatorId: ctx.userByRole['coordinator']! });
  }
  const submissions = await seedForms();

  // Protocol deviations at about 2-3% of enrolled subjects.
  const deviations = subjects
    .map((p, k) => ({ p, id: patientIds[k]! }))
    .filter(({ p }) => p.enrollmentDate && rnd.chance(0.025))
    .map(({ p, id }) => ({
      studyId,
      siteId: p.siteId,
      patientId: id,
      occurredOn: minDate(addDays(p.enrollmentDate, rnd.int(1, 40)), today),
      severity: rnd.pick(['minor', 'minor', 'major', 'critical']),
      description: rnd.pick(['Visit outside protocol window', 'Inclusion criterion not verified before dosing', 'Missed safety laboratory assessment', 'Dosing error']),
    }));
  await rows.insert('protocol_deviations', deviations);

  return { patients: subjects.length, visits: visitRows.length, submissions };
}

/** Milestones are reached in order: once a later one is completed, every earlier one is too. */
function inOrder<T extends { status: string }>(milestones: T[]): T[] {
  const lastCompleted = milestones.map((m) => m.status).lastIndexOf('completed');
  return milestones.map((m, k) => (k < lastCompleted ? { ...m, status: 'completed' } : m));
}

function minDate(a: string, b: string) {
  return a < b ? a : b;
}

function maxDate(a: string, b: string) {
  return a > b ? a : b;
}

/**
 * A calendar date as a morning instant, for created_at and updated_at; today's before 09:00 UTC is the
 * present moment instead, so that no record is stamped in the future.
 */
function at(date: string) {
  const morning = `${date}T09:00:00Z`;
  const now = new Date();
  return Date.parse(morning) > now.getTime() ? now.toISOString() : morning;
}
