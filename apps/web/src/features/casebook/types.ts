// The casebook's shapes as the API returns them.
import type { RouterOutputs } from '@/lib/trpc';

export type Casebook = RouterOutputs['casebook']['view'];
export type CasebookEntry = Casebook['entries'][number];
export type CasebookSignature = Casebook['signatures'][number];
export type AuditItem = RouterOutputs['audit']['trail']['items'][number];
