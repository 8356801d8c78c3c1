// Trial supply (issue 30 item 6): kit types, depots, kits, shipments to sites, site thresholds and
// dispensing. The server checks role, study and site scope, and shows a kit type's arm only to those who
// see arms; blinded users see kit type codes and counts, never a treatment.
import { z } from 'zod';
import { id, isoDate, reason } from './common.ts';
import { documentText, DOCUMENT_LIMITS, text } from './input.ts';

export const KIT_STATUSES = ['at_depot', 'in_transit', 'available', 'dispensed', 'quarantined', 'expired'] as const;
export type KitStatusCode = (typeof KIT_STATUSES)[number];
export const SHIPMENT_STATUSES = ['requested', 'shipped', 'received'] as const;
export const KIT_CONDITIONS = ['ok', 'damaged', 'lost'] as const;
/** The most kits one registration (range or CSV) may create. */
export const MAX_KITS_PER_REGISTRATION = 5000;
/** The longest kit CSV, in characters (a document: the request body limit grows with it). */
export const MAX_KIT_CSV_CHARS = DOCUMENT_LIMITS.kitCsv;

const kitCode = (what: string) =>
  text('code')
    .min(1, `Enter the ${what}`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, `Use letters, digits, '.', '_' and '-' for the ${what}`);

export const supplyStudyInput = z.object({ studyId: id });

export const kitTypeCreateInput = z.object({
  studyId: id,
  code: kitCode('kit type code'),
  name: text('name').min(1, 'Enter the kit type name'),
  armId: id,
  reason: reason.default('Kit type added'),
});

export const depotCreateInput = z.object({
  studyId: id,
  name: text('name').min(1, 'Enter the depot name'),
  country: text('name').optional(),
  reason: reason.default('Depot added'),
});

export const supplySettingsInput = z.object({
  studyId: id,
  expiryMarginDays: z.coerce.number().int('Use a whole number of days').min(0, 'The margin cannot be negative').max(3650, 'Use at most 3650 days'),
  reason: reason.default('Expiry margin changed'),
});

/** Kits numbered prefix + from..to (zero-padded to `width` digits). */
export const kitRangeInput = z
  .object({
    studyId: id,
    depotId: id,
    kitTypeId: id,
    prefix: text('code').regex(/^[A-Za-z0-9_.-]*$/, "Use letters, digits, '.', '_' and '-' for the prefix").default(''),
    from: z.coerce.number().int().min(0).max(99_999_999),
    to: z.coerce.number().int().min(0).max(99_999_999),
    width: z.coerce.number().int().min(1).max(8).default(4),
    lot: text('code').min(1, 'Enter the lot'),
    expiryDate: isoDate,
    reason: reason.default('Kits registered'),
  })
  .refine((v) => v.to >= v.from, { path: ['to'], message: 'The last number must not be below the first' })
  .refine((v) => v.to - v.from < MAX_KITS_PER_REGISTRATION, { path: ['to'], message: `Register at most ${MAX_KITS_PER_REGISTRATION} kits at once` });

/** A CSV with the columns number, kit type (code), lot, expiry (YYYY-MM-DD). */
export const kitCsvInput = z.object({
  studyId: id,
  depotId: id,
  csv: documentText('kitCsv').refine((v) => v.trim().length > 0, 'The CSV is empty'),
  reason: reason.default('Kits registered from CSV'),
});

export const shipmentCreateInput = z.object({
  studyId: id,
  depotId: id,
  siteId: id,
  /** How many kits of each kit type; the server picks the depot's kits expiring first. */
  items: z
    .array(z.object({ kitTypeId: id, quantity: z.coerce.number().int().min(1, 'Ship at least one kit').max(MAX_KITS_PER_REGISTRATION) }))
    .min(1, 'Add at least one kit type')
    .max(50),
  reason: reason.default('Shipment requested'),
});

export const shipmentInput = z.object({ shipmentId: id, reason: reason.default('Shipment sent') });

export const shipmentReceiveInput = z.object({
  shipmentId: id,
  /** Kits not listed are received in good condition. */
  conditions: z.array(z.object({ kitId: id, condition: z.enum(KIT_CONDITIONS) })).max(MAX_KITS_PER_REGISTRATION).default([]),
  reason: reason.default('Shipment received'),
});

export const thresholdSetInput = z.object({
  studyId: id,
  siteId: id,
  /** Null: pooled over every kit type of the study. */
  kitTypeId: id.nullable().default(null),
  threshold: z.coerce.number().int().min(0).max(100_000),
  resupplyQuantity: z.coerce.number().int().min(1).max(100_000),
  reason: reason.default('Resupply threshold set'),
});

export const kitListInput = z.object({
  studyId: id,
  status: z.enum(KIT_STATUSES).optional(),
  siteId: id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const dispenseInput = z.object({
  patientId: id,
  subjectVisitId: id,
  reason: reason.default('Kit dispensed'),
});

export const subjectKitsInput = z.object({ patientId: id });
