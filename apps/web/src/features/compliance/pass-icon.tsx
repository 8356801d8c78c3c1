// A check's result as a green tick or a red cross, with the result for screen readers.
import { useTranslation } from 'react-i18next';
import { CheckCircle2, XCircle } from 'lucide-react';

export function PassIcon({ passed }: { passed: boolean }) {
  const { t } = useTranslation('compliance');
  const Icon = passed ? CheckCircle2 : XCircle;
  return (
    <>
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${passed ? 'text-green-600' : 'text-red-600'}`} aria-hidden data-testid={passed ? 'check-passed' : 'check-failed'} />
      <span className="sr-only">{t(passed ? 'checks.passed' : 'checks.failed')}</span>
    </>
  );
}
