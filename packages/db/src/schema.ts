// The Kysely Database interface: one entry per table, camelCase (CamelCasePlugin maps snake_case).
// Keep in step with migrations/; only Selectable/Insertable/Updateable types leave this package.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role, StudyBlinding, StudyPhase, StudyStatus, SiteStatus, PatientStatus, MilestoneStatus } from '@ctp/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** Calendar dates are 'YYYY-MM-DD' strings on both drivers (see connect.ts). */
type DateString = string;
type Version = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  fullName: string;
  role: Role;
  /** Null for an invited account until its owner sets a password. */
  passwordHash: string | null;
  failedLoginCount: Generated<number>;
  lockedUntil: Date | null;
  lastLoginAt: Date | null;
  /** Set at each log-out (migration 0032), so the log-out is an audited event on users. */
  lastLogoutAt: Date | null;
  passwordChangedAt: Timestamp;
  isActive: Generated<boolean>;
  invitedAt: Date | null;
  deactivatedAt: Date | null;
  /** False when an administrator turned password log-in off: the account signs in with single sign-on (migration 0030). */
  passwordLogin: Generated<boolean>;
  /** When the owner confirmed TOTP enrolment (migration 0029); null without two-factor authentication. */
  mfaEnabledAt: Date | null;
  /** When the current recovery codes were issued. */
  mfaRecoveryCodesAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export type AccountLinkPurpose = 'setup' | 'invitation' | 'password-reset';

/** A single-use link (migration 0028): only the token's sha256 is stored. */
export interface AccountLinksTable {
  id: Generated<number>;
  purpose: AccountLinkPurpose;
  userId: number | null;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface ApiTokensTable {
  id: Generated<number>;
  userId: number;
  name: string;
  tokenHash: string;
  tokenPrefix: string;
  access: 'read' | 'read-write';
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: CreatedAt;
}

/** A user's TOTP secret (migration 0029), encrypted when MFA_ENCRYPTION_KEY is set; not audited. */
export interface MfaSecretsTable {
  userId: number;
  secretBox: string;
  /** Null while the enrolment waits for its first code. */
  confirmedAt: Date | null;
  /** The last accepted code's time step (a code is accepted once). */
  lastTimeStep: number | null;
  createdAt: CreatedAt;
}

export interface MfaRecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: Date | null;
  createdAt: CreatedAt;
}

export type MfaPendingPurpose = 'verify' | 'enrol';

/** The second step of a log-in (the code, or the forced enrolment): only the token's sha256 is stored. */
export interface MfaPendingLoginsTable {
  id: Generated<number>;
  userId: number;
  purpose: MfaPendingPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  clientIp: string | null;
  createdAt: CreatedAt;
}

/** A user's previous password hashes (migration 0033), for the password policy's history rule. */
export interface PasswordHistoryTable {
  id: Generated<number>;
  userId: number;
  passwordHash: string;
  replacedAt: CreatedAt;
}

export interface ApiTokenUsesTable {
  tokenId: number;
  lastUsedAt: Date;
  lastIp: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: CreatedAt;
  lastSeenAt: Timestamp;
  expiresAt: Date;
  revokedAt: Date | null;
  clientIp: string | null;
  userAgent: string | null;
  /** When a signature in this session was given with both components (password and TOTP code). */
  signingMfaAt: Date | null;
}

/** A single sign-on in progress (migration 0030): read once by the callback and deleted; not audited. */
export interface OidcLoginStatesTable {
  id: Generated<number>;
  stateHash: string;
  nonce: string;
  codeVerifier: string;
  nextPath: string;
  expiresAt: Date;
  createdAt: CreatedAt;
}

export interface StudiesTable {
  id: Generated<number>;
  code: string;
  title: string;
  description: string | null;
  phase: StudyPhase;
  status: StudyStatus;
  therapeuticArea: string | null;
  targetEnrollment: number;
  sponsorName: string | null;
  sponsorType: string | null;
  croName: string | null;
  croType: string | null;
  principalInvestigator: string | null;
  principalInvestigatorTitle: string | null;
  studyManager: string | null;
  studyManagerTitle: string | null;
  startDate: DateString | null;
  plannedEndDate: DateString | null;
  actualEndDate: DateString | null;
  budgetTotal: number | null;
  currency: Generated<string>;
  /** The coding dictionary the study codes with; null: the newest MedDRA loaded, else the demo dictionary. */
  codingDictionaryId: Generated<number | null>;
  /** open_label, single_blind or double_blind (migration 0034); blinded studies hide subjects' arms from blinded roles. */
  blinding: Generated<StudyBlinding>;
  /** The USDM document the study was built from (migration 0050): its sha256 and USDM version. */
  usdmSha256: Generated<string | null>;
  usdmVersion: Generated<string | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface SitesTable {
  id: Generated<number>;
  siteNumber: string;
  name: string;
  principalInvestigator: string | null;
  address: string | null;
  city: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  status: ColumnType<SiteStatus, SiteStatus | undefined, SiteStatus>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface StudySitesTable {
  id: Generated<number>;
  studyId: number;
  siteId: number;
  enrollmentTarget: number;
  status: ColumnType<SiteStatus, SiteStatus | undefined, SiteStatus>;
  assignedOn: ColumnType<DateString, DateString | undefined, DateString>;
  activatedOn: DateString | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface StudyMembershipsTable {
  id: Generated<number>;
  userId: number;
  studyId: number;
  role: Role;
  siteId: number | null;
  /** The membership's start. */
  createdAt: CreatedAt;
  /** Set when the person left the team (or this site); only open memberships grant access. */
  endedAt: Date | null;
  /** Member of the study's unblinded team (migration 0048): sees arms, lists and kit treatments of a blinded study. */
  unblinded: Generated<boolean>;
  updatedAt: Timestamp;
  version: Version;
}

/** A study's inclusion or exclusion criterion (migration 0048); audited. */
export interface StudyEligibilityCriteriaTable {
  id: Generated<number>;
  studyId: number;
  kind: 'inclusion' | 'exclusion';
  /** Short code shown beside the text, unique in the study (I1, E3). */
  code: string;
  text: string;
  ordinal: number;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** A USDM document read into a proposal to review (migration 0050); accepting it creates the study. Audited. */
export interface UsdmImportsTable {
  id: Generated<number>;
  sha256: string;
  usdmVersion: string;
  systemName: string | null;
  fileName: string;
  /** The proposal (contracts' usdmProposal) as JSON. */
  proposal: unknown;
  status: Generated<'proposed' | 'accepted'>;
  studyId: number | null;
  createdBy: number;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export type ObjectiveLevel = 'primary' | 'secondary' | 'exploratory' | 'other';

/** A study's objective (migration 0050), in order; audited. */
export interface StudyObjectivesTable {
  id: Generated<number>;
  studyId: number;
  code: string;
  level: ObjectiveLevel;
  text: string;
  ordinal: number;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** An endpoint of a study objective (migration 0050), in order; audited. */
export interface StudyEndpointsTable {
  id: Generated<number>;
  studyId: number;
  objectiveId: number;
  code: string;
  level: ObjectiveLevel;
  text: string;
  purpose: string | null;
  ordinal: number;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface PatientsTable {
  id: Generated<number>;
  subjectCode: string;
  studyId: number;
  siteId: number;
  status: ColumnType<PatientStatus, PatientStatus | undefined, PatientStatus>;
  yearOfBirth: number | null;
  sex: string | null;
  ethnicity: string | null;
  screeningDate: DateString;
  enrollmentDate: DateString | null;
  completionDate: DateString | null;
  withdrawalDate: DateString | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
  /** Set when archived from the inclusions list (migration 0011). */
  archivedAt: Date | null;
  /** The randomised and the actual arm, of the subject's study (migration 0023). */
  plannedArmId: ColumnType<number | null, number | null | undefined, number | null>;
  actualArmId: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Subjects per (study, site, status), kept by a trigger on patients (migration 0003); derived, not audited. */
export interface PatientCountsTable {
  studyId: number;
  siteId: number;
  status: PatientStatus;
  n: number;
  /** Latest updated_at of the subjects counted here (migration 0006). */
  lastChange: Date | null;
}

/** Subjects per (study, status): patient_counts summed over sites (migration 0009). */
export interface StudyPatientCountsTable {
  studyId: number;
  status: PatientStatus;
  n: number;
}

export interface MilestonesTable {
  id: Generated<number>;
  studyId: number;
  name: string;
  targetDate: DateString;
  status: MilestoneStatus;
  description: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface BudgetLinesTable {
  id: Generated<number>;
  studyId: number;
  category: string;
  description: string | null;
  plannedAmount: number;
  actualAmount: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface ProtocolDeviationsTable {
  id: Generated<number>;
  studyId: number;
  siteId: number | null;
  patientId: number | null;
  occurredOn: DateString;
  severity: string;
  description: string;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface VisitDefinitionsTable {
  id: Generated<number>;
  studyId: number;
  code: string;
  name: string;
  dayOffset: number;
  /** Days after the target date the visit may still be done. */
  windowDays: Generated<number>;
  /** Days before the target date the visit may already be done (migration 0010). */
  windowBefore: Generated<number>;
  sortOrder: number;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface SubjectVisitsTable {
  id: Generated<number>;
  patientId: number;
  visitDefinitionId: number;
  status: string;
  scheduledDate: DateString;
  actualDate: DateString | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

type Json = ColumnType<unknown, string, string>;

export interface FormsTable {
  id: Generated<number>;
  studyId: number;
  code: string;
  name: string;
  category: string;
  status: ColumnType<'draft' | 'active' | 'archived', 'draft' | 'active' | 'archived' | undefined, 'draft' | 'active' | 'archived'>;
  description: string | null;
  libraryDomain: string | null;
  publishedVersion: number | null;
  createdBy: number;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface FormVersionsTable {
  id: Generated<number>;
  formId: number;
  versionNumber: number;
  /** The FormDefinition (contracts), written as JSON text. */
  definition: Json;
  fieldCount: number;
  /** What changed against the previous version, in words (a JSON array of strings). */
  changes: ColumnType<unknown, string | undefined, string>;
  publishedAt: Date | null;
  publishedBy: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface VisitFormsTable {
  id: Generated<number>;
  visitDefinitionId: number;
  formId: number;
  createdAt: CreatedAt;
}

export interface FormSubmissionsTable {
  id: Generated<number>;
  formId: number;
  formVersionId: number;
  studyId: number;
  siteId: number;
  patientId: number;
  subjectVisitId: number | null;
  visitDate: DateString | null;
  status: 'draft' | 'submitted' | 'verified' | 'signed' | 'locked';
  data: Json;
  /** The edit-check warnings open at the last save (FieldIssue[] as JSON). */
  openIssues: ColumnType<unknown, string | undefined, string>;
  warningCount: Generated<number>;
  adverseEvents: Generated<number>;
  /** Source data verification, freeze and lock (migration 0014). */
  sdvAt: Date | null;
  sdvBy: number | null;
  frozenAt: Date | null;
  frozenBy: number | null;
  lockedAt: Date | null;
  lockedBy: number | null;
  submittedAt: Date | null;
  submittedBy: number | null;
  createdBy: number;
  /** The data import that wrote or last changed it (migration 0054). */
  importId: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** The values a server message names ("{{form}} was not entered for {{visit}}"). */
export type MessageParams = Record<string, string | number>;

export type QueryStatus = 'open' | 'answered' | 'reopened' | 'closed' | 'cancelled';

export interface QueriesTable {
  id: Generated<number>;
  studyId: number;
  siteId: number;
  patientId: number;
  submissionId: number | null;
  formId: number | null;
  subjectVisitId: number | null;
  fieldPath: string | null;
  seq: number;
  code: string;
  type: string;
  origin: 'manual' | 'edit_check' | 'missing_form';
  checkKey: string | null;
  priority: ColumnType<string, string | undefined, string>;
  status: ColumnType<QueryStatus, QueryStatus | undefined, QueryStatus>;
  description: string;
  /** A text the server wrote: its message key (the English template) and parameters; null when a person wrote it. */
  descriptionKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** Written as JSON text (like the other JSON columns), read back as the object. */
  descriptionParams: ColumnType<MessageParams | null, string | null | undefined, string | null>;
  raisedBy: number | null;
  raisedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  assignedTo: number | null;
  dueDate: DateString | null;
  answeredAt: Date | null;
  resolvedAt: Date | null;
  resolvedBy: number | null;
  reopenCount: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface QueryMessagesTable {
  id: Generated<number>;
  queryId: number;
  kind: 'question' | 'response' | 'resolution' | 'reopen' | 'cancel' | 'auto_close';
  body: string;
  /** As on queries: the key and parameters of a text the server wrote. */
  bodyKey: ColumnType<string | null, string | null | undefined, string | null>;
  bodyParams: ColumnType<MessageParams | null, string | null | undefined, string | null>;
  authorId: number | null;
  createdAt: CreatedAt;
}

export interface SignaturesTable {
  id: Generated<number>;
  studyId: number;
  /** A subject's casebook, or (documentVersionId) a trial master file document version. */
  patientId: number | null;
  documentVersionId: number | null;
  signerId: number;
  printedName: string;
  meaning: 'authorship' | 'review' | 'approval';
  signedAt: ColumnType<Date, Date | string | undefined, never>;
  contentHash: string;
  entries: number;
  /** The manifest's unresolved query codes at signing time (issue 27): not part of the hash. */
  openQueries: ColumnType<string[], string[] | undefined, never>;
}

export type NotificationKind =
  | 'query_raised'
  | 'query_answered'
  | 'query_reopened'
  | 'query_closed'
  | 'site_activation_pending'
  | 'casebook_to_sign'
  | 'document_review'
  | 'document_returned'
  | 'document_approved'
  | 'document_expiring'
  | 'submission_due'
  | 'enrollment_alert'
  | 'emergency_unblinding'
  | 'supply_resupply';

export interface CodingDictionariesTable {
  id: Generated<number>;
  system: 'MedDRA' | 'CTCAE demo';
  version: string;
  language: Generated<string>;
  label: string;
  isDemo: boolean;
  termCount: Generated<number>;
  loadedBy: number | null;
  loadedAt: CreatedAt;
}
export interface CodingTermsTable {
  dictionaryId: number;
  lltCode: string;
  lltName: string;
  ptCode: string;
  ptName: string;
  hltCode: string | null;
  hltName: string | null;
  hlgtCode: string | null;
  hlgtName: string | null;
  socCode: string | null;
  socName: string;
  socAbbrev: string | null;
  isCurrent: Generated<boolean>;
}
export interface CodingPath {
  lltCode: string | null;
  lltName: string | null;
  ptCode: string | null;
  ptName: string | null;
  hltCode: string | null;
  hltName: string | null;
  hlgtCode: string | null;
  hlgtName: string | null;
  socCode: string | null;
  socName: string | null;
}
export interface CodingDecisionsTable extends CodingPath {
  id: Generated<number>;
  studyId: number;
  siteId: number;
  submissionId: number;
  fieldPath: string;
  verbatim: string;
  normalized: string;
  dictionaryId: number;
  status: 'proposed' | 'coded' | 'uncodable';
  method: 'matcher' | 'study synonym' | 'coder';
  score: number | null;
  reasons: string | null;
  decidedBy: number | null;
  decidedAt: Date | null;
  comment: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}
export interface CodingSynonymsTable {
  id: Generated<number>;
  studyId: number;
  dictionaryId: number;
  normalized: string;
  verbatim: string;
  lltCode: string;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** A loaded CDISC implementation guide version (SDTMIG 3.4, CDASHIG 2.2); reference data, not audited. */
export interface CdiscStandardsTable {
  id: Generated<number>;
  code: string;
  version: string;
  type: 'SDTM' | 'CDASH' | 'ADaM';
  label: string;
  source: string | null;
  loadedAt: CreatedAt;
  /** Who imported it from a CDISC Library export (migration 0025); null for the shipped catalogue. */
  importedBy: number | null;
  fileName: string | null;
  fileSha256: string | null;
}
/** A dataset of a standard: an SDTM domain, or a CDASH domain or scenario group (e.g. LB.LocalProcessing). */
export interface CdiscDatasetsTable {
  id: Generated<number>;
  standardId: number;
  code: string;
  name: string;
  class: string | null;
  structure: string | null;
  description: string | null;
  /** The guide's order. */
  ordinal: number;
}
export interface CdiscVariablesTable {
  id: Generated<number>;
  datasetId: number;
  ordinal: number;
  name: string;
  label: string;
  dataType: string;
  simpleType: 'Char' | 'Num';
  role: string | null;
  core: string | null;
  codelistCode: string | null;
  codelistName: string | null;
  notes: string | null;
  /** CDASH: the SDTM variables an item maps to ("AE.AESTDTC"; several separated by "; "). */
  sdtmTargets: string | null;
}

/** A form field's SDTM mapping: an evidence-based suggestion or a hand-made mapping, and its decision; audited. */
export interface CdiscMappingsTable {
  id: Generated<number>;
  studyId: number;
  formId: number;
  formVersionId: number | null;
  /** The field's code, or group.code for a field inside a repeating group. */
  fieldPath: string;
  fieldLabel: string;
  targetDomain: string;
  targetVariable: string;
  /** Findings: the --TESTCD value the row is mapped under (VSORRES where VSTESTCD = SYSBP). */
  testCode: string | null;
  /** SUPP--.QVAL: the qualifier name. */
  qnam: string | null;
  /** numeric(4,3): read as text by the drivers; services cast to float8. */
  confidence: ColumnType<string, number | string, number | string>;
  reasoning: string;
  evidence: ColumnType<unknown, string, string>;
  mappingLogic: 'direct copy' | 'controlled-terminology recode' | 'ISO 8601 date conversion' | 'unit standardisation' | 'to SUPPQUAL';
  status: 'suggested' | 'approved' | 'rejected';
  origin: 'ai' | 'manual';
  decidedBy: number | null;
  decidedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** A study's arm (migration 0023; SDTM ARMCD/ARM); audited. */
export interface TrialArmsTable {
  id: Generated<number>;
  studyId: number;
  code: string;
  name: string;
  description: string | null;
  sortOrder: number;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** A study's randomization scheme, test or production (migration 0047); audited. JSON columns hold
 *  the arms' ratio, the stratification factors and the method's settings (contracts: randomization.ts). */
export interface RandomizationSchemesTable {
  id: Generated<number>;
  studyId: number;
  kind: 'test' | 'production';
  status: ColumnType<'draft' | 'live', 'draft' | 'live' | undefined, 'draft' | 'live'>;
  method: 'blocks' | 'minimization';
  arms: Json;
  factors: Json;
  blockSizes: ColumnType<unknown, string | null, string | null>;
  minimization: ColumnType<unknown, string | null, string | null>;
  plannedEnrollment: number;
  marginPercent: number;
  contentHash: string;
  listId: number | null;
  listHash: string | null;
  liveAt: Date | null;
  lockedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** A live blocks scheme's sealed list (migration 0047): not audited, append-only. */
export interface RandomizationListsTable {
  id: Generated<number>;
  schemeId: number;
  studyId: number;
  schemeHash: string;
  /** The 32-byte seed, hex. */
  seed: string | null;
  listHash: string;
  /** Generated at go-live from the seed, or uploaded as a statistician's CSV (migration 0057). */
  source: Generated<'generated' | 'uploaded'>;
  /** The uploaded file's sha256 (uploaded lists only). */
  fileSha256: string | null;
  strata: number;
  entriesPerStratum: number;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** One slot of a sealed list (migration 0047). */
export interface RandomizationListEntriesTable {
  listId: number;
  stratum: string;
  position: number;
  block: number;
  blockSize: number;
  armId: number;
  /** The list's own randomization number (uploaded lists; migration 0057). */
  randomizationNumber: ColumnType<string | null, string | null | undefined, never>;
}

/** A randomized subject (migration 0049): append-only, audited (arm masked on screen for blinded readers). */
export interface RandomizationAllocationsTable {
  id: Generated<number>;
  studyId: number;
  patientId: number;
  schemeId: number;
  schemeHash: string;
  method: 'blocks' | 'minimization';
  randomizationNumber: string;
  listId: number | null;
  stratum: string;
  listPosition: number | null;
  /** Minimization: the counts per factor level and arm the choice was made on, and how it was chosen. */
  minimizationState: Json | null;
  armId: number;
  /** Factor key -> level. */
  stratumValues: Json;
  /** Criterion id, code, kind and the answer given. */
  eligibility: Json;
  allocatedBy: number | null;
  allocatedAt: CreatedAt;
}

/** An emergency unblinding of one subject (migration 0049): append-only, audited, holds no arm. */
export interface UnblindingEventsTable {
  id: Generated<number>;
  studyId: number;
  patientId: number;
  allocationId: number;
  kind: 'emergency';
  userId: number;
  reason: string;
  occurredAt: CreatedAt;
}

/** Trial supply (migration 0056): a study's expiry margin for dispensing. */
export interface SupplySettingsTable {
  id: Generated<number>;
  studyId: number;
  expiryMarginDays: Generated<number>;
  updatedAt: Timestamp;
  version: Version;
}

/** A study's packaging of one treatment; armId is shown only to those who see arms. */
export interface KitTypesTable {
  id: Generated<number>;
  studyId: number;
  code: string;
  name: string;
  armId: number;
  createdAt: CreatedAt;
  version: Version;
}

export interface SupplyDepotsTable {
  id: Generated<number>;
  studyId: number;
  name: string;
  country: string | null;
  createdAt: CreatedAt;
  version: Version;
}

export type KitStatus = 'at_depot' | 'in_transit' | 'available' | 'dispensed' | 'quarantined' | 'expired';

export interface KitsTable {
  id: Generated<number>;
  studyId: number;
  kitNumber: string;
  kitTypeId: number;
  lot: string;
  expiryDate: DateString;
  status: ColumnType<KitStatus, KitStatus | undefined, KitStatus>;
  quarantineReason: 'damaged' | 'lost' | null;
  depotId: number | null;
  siteId: number | null;
  shipmentId: number | null;
  patientId: number | null;
  subjectVisitId: number | null;
  dispensedBy: number | null;
  dispensedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export type ShipmentStatus = 'requested' | 'shipped' | 'received';

export interface SupplyShipmentsTable {
  id: Generated<number>;
  studyId: number;
  shipmentNumber: string;
  depotId: number;
  siteId: number;
  status: ColumnType<ShipmentStatus, ShipmentStatus | undefined, ShipmentStatus>;
  requestedBy: number | null;
  requestedAt: CreatedAt;
  shippedBy: number | null;
  shippedAt: Date | null;
  receivedBy: number | null;
  receivedAt: Date | null;
  version: Version;
}

export interface SupplyShipmentKitsTable {
  id: Generated<number>;
  studyId: number;
  shipmentId: number;
  kitId: number;
  condition: 'ok' | 'damaged' | 'lost' | null;
}

export interface SupplyThresholdsTable {
  id: Generated<number>;
  studyId: number;
  siteId: number;
  /** Null: pooled over all the study's kit types. */
  kitTypeId: number | null;
  threshold: number;
  resupplyQuantity: number;
  alertedAt: Date | null;
  version: Version;
}

/** A documented correction of one allocation (migration 0057): append-only, audited (arms masked for blinded readers). */
export interface RandomizationCorrectionsTable {
  id: Generated<number>;
  studyId: number;
  allocationId: number;
  patientId: number;
  fromArmId: number;
  toArmId: number;
  reason: string;
  correctedBy: number;
  correctedAt: CreatedAt;
}

/** The whole study unblinded after database lock: one administrator requests, another approves (migration 0057). */
export interface PlannedUnblindingsTable {
  id: Generated<number>;
  studyId: number;
  reason: string;
  requestedBy: number;
  requestedAt: CreatedAt;
  approvedBy: number | null;
  approvedAt: Date | null;
}

/** A simulation report kept with its scheme (migration 0047); audited. */
export interface RandomizationSimulationsTable {
  id: Generated<number>;
  schemeId: number;
  studyId: number;
  schemeHash: string;
  seed: string;
  trials: number;
  enrollment: number;
  proportions: Json;
  report: Json;
  durationMs: number;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** A study's element (migration 0023; SDTM TE); audited. */
export interface TrialElementsTable {
  id: Generated<number>;
  studyId: number;
  code: string;
  name: string;
  startRule: string;
  endRule: string | null;
  /** ISO 8601 duration (P14D), or null. */
  plannedDuration: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** One step of an arm's element sequence (migration 0023; SDTM TA); audited. */
export interface TrialArmElementsTable {
  id: Generated<number>;
  studyId: number;
  armId: number;
  position: number;
  elementId: number;
  epoch: string;
  branch: string | null;
  transitionRule: string | null;
}

/** One SDTM generation run of a study (migration 0021); audited at its start and status changes. */
export interface SdtmRunsTable {
  id: Generated<number>;
  studyId: number;
  status: 'running' | 'done' | 'failed';
  progress: Generated<number>;
  step: string | null;
  startedBy: number;
  startedAt: CreatedAt;
  finishedAt: Date | null;
  error: string | null;
  /** Notes about the run (skipped datasets, unknown countries), a JSON array of strings. */
  notes: ColumnType<unknown, string | undefined, string>;
  /** The SDTMIG (cdisc_standards row) the run was generated against; its validation and define.xml use it. */
  standardId: number | null;
  /** How the XPT files encode text (migration 0027); runs before it wrote UTF-8. */
  encoding: 'ascii' | 'latin1' | 'windows-1252' | 'utf8';
  /** Values the encoding changed (transliterated). */
  encodingChanges: Generated<number>;
  /** Generated for a reader who does not see arms: DM's ARM, ARMCD, ACTARM, ACTARMCD blank (migration 0060). */
  blinded: Generated<boolean>;
}

/** The values an SDTM run's encoding changed, where they are (never what they held); migration 0027. */
export interface SdtmRunEncodingReportsTable {
  runId: number;
  /** [{dataset, variable, record, usubjid, change, characters}] as JSON. */
  changes: ColumnType<unknown, string | undefined, string>;
}

/** A dataset an SDTM run produced, its files by content hash in the blob store. */
export interface SdtmRunDatasetsTable {
  runId: number;
  domain: string;
  label: string;
  records: number;
  /** [{name, label, type: 'Char' | 'Num', length}] as JSON. */
  variables: ColumnType<unknown, string, string>;
  xptSha256: string;
  csvSha256: string;
  jsonSha256: string;
  generatedAt: CreatedAt;
  /** What define.xml needs of the values (code list terms used, findings' value-level metadata), as JSON;
   *  null for runs before migration 0024. */
  valueMetadata: ColumnType<unknown, string | null | undefined, string | null>;
}

/** A validation of a finished SDTM run (migration 0022); audited. */
export interface SdtmValidationRunsTable {
  id: Generated<number>;
  studyId: number;
  sdtmRunId: number;
  runBy: number;
  runAt: CreatedAt;
  /** A background job (migration 0024): running, then done with the outcome or failed with the step. */
  status: 'running' | 'done' | 'failed';
  progress: Generated<number>;
  step: string | null;
  error: string | null;
  finishedAt: Date | null;
  /** Null while running. */
  isValid: boolean | null;
  errors: Generated<number>;
  warnings: Generated<number>;
  checkedRules: Generated<number>;
  failedRules: Generated<number>;
  recordsChecked: Generated<number>;
  /** numeric(4,1): read as a string; null while running. */
  score: ColumnType<string | null, number | null | undefined, number | null>;
}

/** A CORE validation of an uploaded SDTM package (migration 0052): a background job like the SDTM validation. */
export interface CorePackageValidationsTable {
  id: Generated<number>;
  studyId: number;
  runBy: number;
  runAt: CreatedAt;
  /** What the user uploaded: the zip's name, or the first file's with the count of the others. */
  packageName: string;
  /** The package's files as stored (blob store, by content): name (last segment only), sha256, size. */
  files: ColumnType<unknown, string, string>;
  /** The file read as the package's Define-XML, if any. */
  defineFile: string | null;
  status: 'running' | 'done' | 'failed';
  progress: Generated<number>;
  step: string | null;
  error: string | null;
  finishedAt: Date | null;
  datasets: Generated<number>;
  recordsChecked: Generated<number>;
  rulesRun: Generated<number>;
  rulesNotRun: Generated<number>;
  findings: Generated<number>;
}

/** One CORE rule's outcome in a package validation: run (with its finding count) or not run (with the reason). */
export interface CorePackageRuleOutcomesTable {
  id: Generated<number>;
  validationId: number;
  coreId: string;
  status: 'run' | 'not run';
  reason: string | null;
  severity: 'error' | 'warning';
  findings: Generated<number>;
}

/** A finding of a package validation; coreId null for a finding of the package (a file that cannot be read). */
export interface CorePackageFindingsTable {
  id: Generated<number>;
  validationId: number;
  coreId: string | null;
  severity: 'error' | 'warning';
  dataset: string;
  record: number | null;
  variable: string | null;
  value: string | null;
  message: string;
}

/** An error or warning of a validation run. */
export interface SdtmValidationFindingsTable {
  id: Generated<number>;
  validationRunId: number;
  kind: 'error' | 'warning';
  coreId: string | null;
  type: string;
  severity: 'high' | 'medium' | 'low';
  message: string;
  dataset: string;
  variable: string | null;
  record: number | null;
  recommendation: string | null;
}

export interface TmfZonesTable {
  number: string;
  name: string;
  modelVersion: string;
}
export interface TmfSectionsTable {
  number: string;
  zoneNumber: string;
  name: string;
}
export interface TmfArtifactsTable {
  number: string;
  sectionNumber: string;
  name: string;
  expectedLevel: 'trial' | 'site' | null;
  needsApproval: boolean;
  expires: boolean;
}
export interface SubmissionTypesTable {
  code: string;
  name: string;
  requiredArtifacts: string[];
  sort: number;
}

export type DocumentStatusValue = 'draft' | 'current' | 'approved' | 'expired' | 'withdrawn';
export type DocumentReviewValue = 'pending' | 'in-review' | 'complete';

export interface DocumentsTable {
  id: Generated<number>;
  studyId: number;
  siteId: number | null;
  artifactNumber: string;
  seq: number;
  code: string;
  title: string;
  status: DocumentStatusValue;
  reviewStatus: DocumentReviewValue;
  approverId: number | null;
  currentVersionId: number | null;
  versionCount: Generated<number>;
  expiryAlertedFor: DateString | null;
  withdrawnReason: string | null;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface DocumentVersionsTable {
  id: Generated<number>;
  documentId: number;
  studyId: number;
  seq: number;
  versionLabel: string;
  fileName: string;
  contentType: string;
  /** bigint: read as a number (type parser in connect.ts), sizes stay far below 2^53. */
  sizeBytes: ColumnType<number, number, number>;
  sha256: string;
  expiryDate: DateString | null;
  comment: string | null;
  uploadedBy: number | null;
  uploadedAt: CreatedAt;
  approvedAt: Date | null;
  approvedBy: number | null;
}

export interface DocumentReviewStepsTable {
  id: Generated<number>;
  documentId: number;
  studyId: number;
  versionId: number | null;
  action: 'uploaded' | 'submitted' | 'approved' | 'returned' | 'withdrawn' | 'expired';
  actorId: number | null;
  comment: string | null;
  signatureId: number | null;
  createdAt: CreatedAt;
}

export type SubmissionStatusValue = 'draft' | 'submitted' | 'pending' | 'approved' | 'rejected';

export interface RegulatorySubmissionsTable {
  id: Generated<number>;
  studyId: number;
  seq: number;
  submissionNumber: string;
  typeCode: string;
  agency: 'FDA' | 'EMA' | 'Health Canada' | 'PMDA' | 'TGA';
  title: string;
  agencyReference: string | null;
  status: ColumnType<SubmissionStatusValue, SubmissionStatusValue | undefined, SubmissionStatusValue>;
  priority: 'urgent' | 'expedited' | 'standard';
  dueDate: DateString | null;
  submittedDate: DateString | null;
  acknowledgedDate: DateString | null;
  responseDate: DateString | null;
  reviewerId: number | null;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

export interface SubmissionDocumentsTable {
  id: Generated<number>;
  submissionId: number;
  documentId: number;
  studyId: number;
  submittedVersionId: number | null;
  linkedBy: number | null;
  linkedAt: CreatedAt;
}

export interface SubmissionStepsTable {
  id: Generated<number>;
  submissionId: number;
  studyId: number;
  fromStatus: SubmissionStatusValue | null;
  toStatus: SubmissionStatusValue;
  stepDate: DateString;
  actorId: number | null;
  note: string | null;
  createdAt: CreatedAt;
}

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  kind: NotificationKind;
  studyId: number | null;
  title: string;
  body: string;
  /** A title the server wrote: its message key (the English template) and parameters (migration 0046). */
  titleKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** Written as JSON text (like the other JSON columns), read back as the object. */
  titleParams: ColumnType<MessageParams | null, string | null | undefined, string | null>;
  /** A body the server wrote; null when a person wrote it (a query's text, a reviewer's comment). */
  bodyKey: ColumnType<string | null, string | null | undefined, string | null>;
  bodyParams: ColumnType<MessageParams | null, string | null | undefined, string | null>;
  link: string;
  createdAt: CreatedAt;
  readAt: Date | null;
  /** Waits for the mail job (migration 0055); cleared when sent, given up or no mail server is configured. */
  mailPending: Generated<boolean>;
  mailAttempts: Generated<number>;
  mailedAt: Date | null;
}

export interface AuditEventScopeTable {
  eventId: number;
  studyId: number;
}

export interface AuditEventsTable {
  id: Generated<number>;
  occurredAt: Date;
  tableName: string;
  recordId: string;
  action: 'insert' | 'update' | 'delete';
  changes: Record<string, { old: unknown; new: unknown }>;
  actorUserId: number | null;
  reason: string;
  clientIp: string | null;
  prevHash: string | null;
  hash: string;
}

export interface InsightSnapshotsTable {
  id: Generated<number>;
  computedAt: CreatedAt;
  performanceImprovement: number;
  optimizationOpportunities: number;
  auditChainValid: boolean;
  auditRowsVerified: number;
  auditFirstBrokenId: number | null;
  details: ColumnType<Record<string, unknown>, string, string>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accountLinks: AccountLinksTable;
  apiTokens: ApiTokensTable;
  apiTokenUses: ApiTokenUsesTable;
  passwordHistory: PasswordHistoryTable;
  mfaSecrets: MfaSecretsTable;
  mfaRecoveryCodes: MfaRecoveryCodesTable;
  mfaPendingLogins: MfaPendingLoginsTable;
  oidcLoginStates: OidcLoginStatesTable;
  studies: StudiesTable;
  sites: SitesTable;
  studySites: StudySitesTable;
  studyMemberships: StudyMembershipsTable;
  patients: PatientsTable;
  patientCounts: PatientCountsTable;
  studyPatientCounts: StudyPatientCountsTable;
  milestones: MilestonesTable;
  budgetLines: BudgetLinesTable;
  protocolDeviations: ProtocolDeviationsTable;
  visitDefinitions: VisitDefinitionsTable;
  subjectVisits: SubjectVisitsTable;
  forms: FormsTable;
  formVersions: FormVersionsTable;
  visitForms: VisitFormsTable;
  formSubmissions: FormSubmissionsTable;
  queries: QueriesTable;
  queryMessages: QueryMessagesTable;
  auditEventScope: AuditEventScopeTable;
  signatures: SignaturesTable;
  notifications: NotificationsTable;
  codingDictionaries: CodingDictionariesTable;
  codingTerms: CodingTermsTable;
  codingDecisions: CodingDecisionsTable;
  codingSynonyms: CodingSynonymsTable;
  cdiscStandards: CdiscStandardsTable;
  cdiscDatasets: CdiscDatasetsTable;
  cdiscVariables: CdiscVariablesTable;
  cdiscMappings: CdiscMappingsTable;
  trialArms: TrialArmsTable;
  trialElements: TrialElementsTable;
  trialArmElements: TrialArmElementsTable;
  randomizationSchemes: RandomizationSchemesTable;
  studyEligibilityCriteria: StudyEligibilityCriteriaTable;
  usdmImports: UsdmImportsTable;
  studyObjectives: StudyObjectivesTable;
  studyEndpoints: StudyEndpointsTable;
  randomizationLists: RandomizationListsTable;
  randomizationListEntries: RandomizationListEntriesTable;
  randomizationSimulations: RandomizationSimulationsTable;
  randomizationAllocations: RandomizationAllocationsTable;
  unblindingEvents: UnblindingEventsTable;
  supplySettings: SupplySettingsTable;
  kitTypes: KitTypesTable;
  supplyDepots: SupplyDepotsTable;
  kits: KitsTable;
  supplyShipments: SupplyShipmentsTable;
  supplyShipmentKits: SupplyShipmentKitsTable;
  supplyThresholds: SupplyThresholdsTable;
  randomizationCorrections: RandomizationCorrectionsTable;
  plannedUnblindings: PlannedUnblindingsTable;
  sdtmRuns: SdtmRunsTable;
  sdtmRunDatasets: SdtmRunDatasetsTable;
  sdtmRunEncodingReports: SdtmRunEncodingReportsTable;
  sdtmValidationRuns: SdtmValidationRunsTable;
  sdtmValidationFindings: SdtmValidationFindingsTable;
  corePackageValidations: CorePackageValidationsTable;
  corePackageRuleOutcomes: CorePackageRuleOutcomesTable;
  corePackageFindings: CorePackageFindingsTable;
  tmfZones: TmfZonesTable;
  tmfSections: TmfSectionsTable;
  tmfArtifacts: TmfArtifactsTable;
  submissionTypes: SubmissionTypesTable;
  documents: DocumentsTable;
  documentVersions: DocumentVersionsTable;
  documentReviewSteps: DocumentReviewStepsTable;
  regulatorySubmissions: RegulatorySubmissionsTable;
  submissionDocuments: SubmissionDocumentsTable;
  submissionSteps: SubmissionStepsTable;
  auditEvents: AuditEventsTable;
  insightSnapshots: InsightSnapshotsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookSecrets: WebhookSecretsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  dataImports: DataImportsTable;
  siteArchives: SiteArchivesTable;
}

/** A site close-out archive (migration 0058), written by a background job and filed in the eTMF; audited. */
export interface SiteArchivesTable {
  id: Generated<number>;
  studyId: number;
  /** Null: the whole study. */
  siteId: number | null;
  status: 'running' | 'done' | 'failed';
  step: string | null;
  subjectsDone: Generated<number>;
  subjectsTotal: Generated<number>;
  fileName: string | null;
  sha256: string | null;
  sizeBytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  documentId: number | null;
  error: string | null;
  startedBy: number;
  startedAt: CreatedAt;
  finishedAt: Date | null;
  version: Version;
}

/** A data import into a study (migration 0054); audited. */
export interface DataImportsTable {
  id: Generated<number>;
  studyId: number;
  format: 'odm' | 'redcap-csv';
  fileName: string;
  sha256: string;
  createdEntries: Generated<number>;
  changedEntries: Generated<number>;
  unchangedEntries: Generated<number>;
  refusedEntries: Generated<number>;
  report: ColumnType<unknown, string, string>;
  importedBy: number;
  reason: string;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** An administrator's webhook endpoint (migration 0053); audited. Its secret is in webhook_secrets. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  name: string;
  url: string;
  events: ColumnType<string[], string[], string[]>;
  studyId: number | null;
  active: Generated<boolean>;
  createdBy: number;
  secretSetAt: Timestamp;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  version: Version;
}

/** The HMAC secret of an endpoint, kept out of the audit trail (migration 0053). */
export interface WebhookSecretsTable {
  endpointId: number;
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint, written by the outbox trigger (migration 0053); not audited. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpointId: number;
  event: string;
  studyId: number | null;
  recordKey: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastAttemptAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  replayOf: number | null;
  createdAt: CreatedAt;
  deliveredAt: Date | null;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Study = Selectable<StudiesTable>;
export type NewStudy = Insertable<StudiesTable>;
export type StudyUpdate = Updateable<StudiesTable>;
export type Site = Selectable<SitesTable>;
export type Patient = Selectable<PatientsTable>;
export type AuditEvent = Selectable<AuditEventsTable>;
