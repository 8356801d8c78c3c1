import type { RouterOutputs } from '@/lib/trpc';

export type AnalyticsOverview = RouterOutputs['analytics']['overview'];
export type StudyForecast = RouterOutputs['analytics']['forecast'];
export type StudyRisk = RouterOutputs['analytics']['risk'];
export type Predictions = RouterOutputs['analytics']['predictions'];
