// Words the server sends in English that the screen shows in the reader's language: submission type
// names (by code), the current step (by status) and agency names (Health Canada is Santé Canada in
// French). Anything unknown shows as the server wrote it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const agencyKey = (agency: string) => agency.replace(/\s+/g, '');

export function useErtmsLabels() {
  const { t } = useTranslation('ertms');
  const typeName = useCallback((code: string, name?: string) => t(`types.${code}`, { defaultValue: name ?? code }), [t]);
  const stepName = useCallback((status: string, fallback?: string) => t(`steps.${status}`, { defaultValue: fallback ?? status }), [t]);
  const agencyName = useCallback((agency: string) => t(`agencies.${agencyKey(agency)}`, { defaultValue: agency }), [t]);
  return { typeName, stepName, agencyName };
}
