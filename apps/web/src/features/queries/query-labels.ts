// Keys and colours shared by the queries screen: translation keys of the screen types and the progress
// bar's colour (100 green, 75 and above blue, 50 and above yellow, otherwise orange).
import type { ScreenType } from '@ctp/contracts';

export const TYPE_KEYS: Record<ScreenType, string> = {
  'Missing Data': 'missingData',
  'Data Clarification': 'dataClarification',
  'Protocol Deviation': 'protocolDeviation',
  'Data Inconsistency': 'dataInconsistency',
};

export function progressColor(progress: number): string {
  if (progress >= 100) return 'bg-green-500';
  if (progress >= 75) return 'bg-blue-500';
  if (progress >= 50) return 'bg-yellow-500';
  return 'bg-orange-500';
}
