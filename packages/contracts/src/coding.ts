// Medical coding: suggestions for a verbatim term, the coding queue and the coder's decisions.
//   decision status  proposed (the matcher's first candidate, waiting for a coder) | coded (a coder chose
//                    the term, or a study synonym matched) | uncodable (the coder found no term; a query
//                    to the site is the usual next step)
import { z } from 'zod';
import { id, pagination } from './common.ts';
import { searchTerm, text } from './input.ts';

/** Form fields whose text is coded (CDASH variables): adverse events and medical history. */
export const CODED_VARIABLES = ['AETERM', 'MHTERM'] as const;
/** The spec: a description longer than this many characters requests coding. */
export const CODING_MIN_LENGTH = 10;
export const CODING_STATUSES = ['proposed', 'coded', 'uncodable'] as const;
export type CodingStatus = (typeof CODING_STATUSES)[number];

export const codingSuggestInput = z.object({
  description: text('text').min(1, 'Type the term to code'),
  studyId: id.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const codingQueueInput = pagination.extend({
  studyId: id.optional(),
  status: z.enum(CODING_STATUSES).optional(),
  search: searchTerm,
});
export const codingDecideInput = z.object({
  id,
  version: z.number().int().positive().max(2_147_483_647),
  /** The chosen LLT; absent with uncodable. */
  lltCode: z.string().regex(/^\d{1,10}$/, 'Choose a term').optional(),
  uncodable: z.boolean().optional(),
  comment: text('text').optional(),
});
export const codingStudyDictionaryInput = z.object({ studyId: id, dictionaryId: id.nullable() });
