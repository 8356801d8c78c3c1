// The ODM 1.3.2 clinical data export (GET /api/studies/{id}/odm): a study, one site or one subject,
// with or without the audit trail, the casebook signatures and the query threads.
import { z } from 'zod';
import { id } from './common.ts';

export const ODM_EXPORT_INCLUDES = ['audit', 'signatures', 'queries'] as const;
export type OdmExportInclude = (typeof ODM_EXPORT_INCLUDES)[number];

export const odmExportInput = z.object({
  studyId: id,
  siteId: id.optional(),
  patientId: id.optional(),
  include: z.array(z.enum(ODM_EXPORT_INCLUDES)).max(ODM_EXPORT_INCLUDES.length).default([...ODM_EXPORT_INCLUDES]),
});
export type OdmExportInput = z.input<typeof odmExportInput>;

/** GET /api/studies/{id}/form-entries.csv: a study's (or a site's) submitted form entries, one row per field value. */
export const formEntriesCsvInput = z.strictObject({
  studyId: id,
  siteId: id.optional(),
});
export type FormEntriesCsvInput = z.input<typeof formEntriesCsvInput>;
