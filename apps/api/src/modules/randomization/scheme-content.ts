// A scheme's content: checked against the study's arms and sites, turned into the engine's scheme,
// and hashed (sha256 of its canonical JSON) so every simulation, list and later allocation names the
// exact version it ran on.
import { createHash } from 'node:crypto';
import type { Db, Tx } from '@ctp/db';
import type { SchemeContent } from '@ctp/contracts';
import { fieldError } from '../../trpc.ts';
import { canonicalJson } from '../casebook/signatures.ts';
import type { EngineScheme } from './engine/index.ts';

export interface StudyArm {
  id: number;
  code: string;
  name: string;
}

export async function studyArms(db: Db | Tx, studyId: number): Promise<StudyArm[]> {
  return db.selectFrom('trialArms').select(['id', 'code', 'name']).where('studyId', '=', studyId).orderBy('sortOrder').orderBy('id').execute();
}

export async function studySiteLevels(db: Db | Tx, studyId: number) {
  return db
    .selectFrom('studySites')
    .innerJoin('sites', 'sites.id', 'studySites.siteId')
    .select(['sites.siteNumber', 'sites.country'])
    .where('studySites.studyId', '=', studyId)
    .orderBy('sites.siteNumber')
    .execute();
}

/** Refuses arms of another study (or deleted) and site levels that are not the study's sites. */
export async function assertContentFits(tx: Db | Tx, studyId: number, content: SchemeContent): Promise<StudyArm[]> {
  const arms = await studyArms(tx, studyId);
  const byId = new Map(arms.map((a) => [a.id, a]));
  if (content.arms.some((a) => !byId.has(a.armId))) throw fieldError('arms', 'An arm of the scheme is not one of the study design\'s arms');
  const siteFactor = content.factors.find((f) => f.source === 'site');
  if (siteFactor) {
    const numbers = new Set((await studySiteLevels(tx, studyId)).map((s) => s.siteNumber));
    const unknown = siteFactor.levels.filter((l) => !numbers.has(l));
    if (unknown.length) throw fieldError('factors', `Not a site of this study: ${unknown.join(', ')}`);
  }
  return arms;
}

/** The content in a fixed shape (what is hashed and stored). */
export function normalizedContent(content: SchemeContent) {
  return {
    method: content.method,
    arms: content.arms.map((a) => ({ armId: a.armId, ratio: a.ratio })),
    factors: content.factors.map((f) => ({ key: f.key, label: f.label, source: f.source, levels: [...f.levels], weight: f.weight })),
    blockSizes: content.method === 'blocks' ? [...new Set(content.blockSizes ?? [])].sort((a, b) => a - b) : null,
    minimization: content.method === 'minimization' ? { ...content.minimization! } : null,
    plannedEnrollment: content.plannedEnrollment,
    marginPercent: content.marginPercent,
  };
}

export function contentHash(studyId: number, kind: string, content: ReturnType<typeof normalizedContent>, arms: StudyArm[]): string {
  const codes = new Map(arms.map((a) => [a.id, a.code]));
  const withCodes = { ...content, arms: content.arms.map((a) => ({ ...a, code: codes.get(a.armId) ?? null })) };
  return sha256(canonicalJson({ studyId, kind, ...withCodes }));
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The engine's view: arms by their codes, factors by key, the method's settings. */
export function engineScheme(content: ReturnType<typeof normalizedContent>, arms: StudyArm[]): EngineScheme {
  const codes = new Map(arms.map((a) => [a.id, a.code]));
  const base = {
    arms: content.arms.map((a) => ({ code: codes.get(a.armId) ?? `#${a.armId}`, ratio: a.ratio })),
    factors: content.factors.map((f) => ({ key: f.key, levels: f.levels })),
  };
  if (content.method === 'blocks') return { ...base, method: 'blocks', blockSizes: content.blockSizes ?? [] };
  return {
    ...base,
    method: 'minimization',
    ...content.minimization!,
    weights: Object.fromEntries(content.factors.map((f) => [f.key, f.weight])),
  };
}

/** jsonb arrives parsed from both drivers; a string is parsed defensively. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
