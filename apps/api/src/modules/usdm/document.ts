// The parts of a USDM 4.0 document this product reads, as TypeScript shapes. The document has passed
// the USDM schema (schema.ts) before it is read through these, so required fields are there; optional
// ones are typed as such.
export interface Code {
  id: string;
  code: string;
  decode: string;
  codeSystem?: string;
  instanceType: string;
}
export interface AliasCode {
  id: string;
  standardCode: Code;
  instanceType: string;
}
export interface Named {
  id: string;
  name: string;
  label?: string | null;
  description?: string | null;
  instanceType: string;
}
export interface Timing extends Named {
  type: Code;
  value: string;
  relativeFromScheduledInstanceId: string;
  relativeToScheduledInstanceId?: string | null;
  windowLower?: string | null;
  windowUpper?: string | null;
}
export interface TimelineInstance extends Named {
  defaultConditionId?: string | null;
  epochId?: string | null;
  encounterId?: string | null;
  activityIds?: string[];
  timelineExitId?: string | null;
  conditionAssignments?: { id: string; condition: string; conditionTargetId: string }[];
}
export interface Timeline extends Named {
  mainTimeline: boolean;
  entryId: string;
  timings?: Timing[];
  instances?: TimelineInstance[];
}
export interface Encounter extends Named {
  previousId?: string | null;
  nextId?: string | null;
}
export interface Activity extends Named {
  previousId?: string | null;
  nextId?: string | null;
  biomedicalConceptIds?: string[];
  bcCategoryIds?: string[];
  bcSurrogateIds?: string[];
  childIds?: string[];
}
export interface Criterion extends Named {
  category: Code;
  identifier: string;
  criterionItemId: string;
}
export interface Endpoint extends Named {
  text: string;
  dictionaryId?: string | null;
  purpose?: string | null;
  level: Code;
}
export interface Objective extends Named {
  text: string;
  dictionaryId?: string | null;
  level: Code;
  endpoints?: Endpoint[];
}
export interface Design extends Named {
  studyType?: Code | null;
  studyPhase?: AliasCode | null;
  therapeuticAreas?: Code[];
  arms: Named[];
  epochs: (Named & { previousId?: string | null; nextId?: string | null })[];
  elements?: (Named & { transitionStartRule?: { text: string } | null; transitionEndRule?: { text: string } | null })[];
  studyCells: { id: string; armId: string; epochId: string; elementIds: string[]; instanceType: string }[];
  encounters?: Encounter[];
  activities?: Activity[];
  scheduleTimelines?: Timeline[];
  eligibilityCriteria: Criterion[];
  objectives?: Objective[];
  population: Named & { plannedEnrollmentNumber?: { value: number } | { minValue?: { value: number }; maxValue?: { value: number } } | null; [k: string]: unknown };
}
export interface StudyVersion {
  id: string;
  versionIdentifier: string;
  titles: { id: string; text: string; type: Code; instanceType: string }[];
  studyIdentifiers: { id: string; text: string; scopeId: string; instanceType: string }[];
  organizations?: (Named & { type: Code })[];
  businessTherapeuticAreas?: Code[];
  studyDesigns?: Design[];
  eligibilityCriterionItems?: (Named & { text: string; dictionaryId?: string | null })[];
  biomedicalConcepts?: (Named & { code: AliasCode; reference: string })[];
  bcCategories?: (Named & { memberIds?: string[]; childIds?: string[] })[];
  bcSurrogates?: (Named & { reference?: string | null })[];
  dictionaries?: (Named & { parameterMaps?: { tag: string; reference: string }[] })[];
}
export interface Wrapper {
  usdmVersion: string;
  systemName?: string | null;
  systemVersion?: string | null;
  study: Named & { versions?: StudyVersion[] };
}
