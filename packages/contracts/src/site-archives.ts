// Site close-out archives (issue 33 item 4): a zip of a site's (or the whole study's) casebooks, ODM
// clinical data, audit trail and a sha256 manifest, written in the background and filed in the eTMF.
import { z } from 'zod';
import { id } from './common.ts';

export const SITE_ARCHIVE_STATUSES = ['running', 'done', 'failed'] as const;
export type SiteArchiveStatus = (typeof SITE_ARCHIVE_STATUSES)[number];

/** The TMF Reference Model artifact an archive is filed as: 10.02.01 Final Subject Data. */
export const SITE_ARCHIVE_ARTIFACT = '10.02.01';

export const siteArchiveCreateInput = z.strictObject({
  studyId: id,
  /** Absent: the whole study (every site in one zip). */
  siteId: id.optional(),
});
export type SiteArchiveCreateInput = z.input<typeof siteArchiveCreateInput>;

export const siteArchiveListInput = z.strictObject({ studyId: id });
export type SiteArchiveListInput = z.input<typeof siteArchiveListInput>;

export const siteArchiveByIdInput = z.strictObject({ id });
