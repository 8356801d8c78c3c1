// The inclusions list (/inclusions): one study's subjects with their visit grid (spec Inclusion:
// selectionVisit, d0Visit, d3Visit, d7Visit, d28Visit, studyEnd, telemedicine, each a status and a
// nullable date), paged, searched and sorted in SQL; Export and Archive act on a selection.
import { z } from 'zod';
import { id, reason, timestamp } from './common.ts';
import { listOffset, searchTerm } from './input.ts';
import { PAGE_SIZES } from './constants.ts';
import { VISIT_STATUSES, PATIENT_STATUSES } from './enums.ts';

export const INCLUSION_SORTS = ['startDate', 'patientId', 'status'] as const;
/** The grid's columns and the visit definition code each shows. */
export const INCLUSION_VISITS = [
  ['selectionVisit', 'SEL'],
  ['d0Visit', 'D0'],
  ['d3Visit', 'D3'],
  ['d7Visit', 'D7'],
  ['d28Visit', 'D28'],
  ['studyEnd', 'END'],
  ['telemedicine', 'TELE'],
] as const;
export type InclusionVisitKey = (typeof INCLUSION_VISITS)[number][0];

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Use ${PAGE_SIZES.join(', ')} rows per page`);

export const inclusionFilter = z.object({
  studyId: id,
  search: searchTerm,
  /** false (default): subjects not archived; true: the archived ones. */
  archived: z.boolean().default(false),
});
export const inclusionListInput = inclusionFilter.extend({
  sort: z.enum(INCLUSION_SORTS).default('startDate'),
  limit: pageSize.default(10),
  offset: listOffset.default(0),
});
export type InclusionListInput = z.infer<typeof inclusionListInput>;

/** A selection: every subject the filter matches (select-all), or the ticked ones. */
export const inclusionSelection = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ ids: z.array(id).min(1, 'Select at least one subject').max(1000) }),
]);
export const inclusionExportInput = inclusionFilter.extend({ selection: inclusionSelection });
export const inclusionArchiveInput = inclusionFilter.extend({ selection: inclusionSelection, reason });

export const inclusionVisit = z.object({ status: z.enum(VISIT_STATUSES).nullable(), date: z.string().nullable() });
export const inclusionRow = z.object({
  id: z.number().int(),
  patientId: z.string(),
  siteName: z.string(),
  status: z.enum(PATIENT_STATUSES),
  startDate: z.string(),
  archivedAt: timestamp.nullable(),
  selectionVisit: inclusionVisit,
  d0Visit: inclusionVisit,
  d3Visit: inclusionVisit,
  d7Visit: inclusionVisit,
  d28Visit: inclusionVisit,
  studyEnd: inclusionVisit,
  telemedicine: inclusionVisit,
});
export type InclusionRow = z.infer<typeof inclusionRow>;
