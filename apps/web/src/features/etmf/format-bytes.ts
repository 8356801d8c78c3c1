// Sizes in the browser's locale with a binary unit (1 KB = 1024 bytes): 512 B, 12.4 KB, 3.1 MB, 1.2 GB.
// The unit letters come from the etmf namespace (French writes octets: Ko, Mo, Go).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number | null | undefined, unitLabel: (unit: (typeof UNITS)[number]) => string = (u) => u): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${formatNumber(value, digits)} ${unitLabel(UNITS[unit]!)}`;
}

export function useFormatBytes() {
  const { t } = useTranslation('etmf');
  return useCallback((bytes: number | null | undefined) => formatBytes(bytes, (u) => t(`units.${u}`)), [t]);
}
