// What the audit trail guarantees, as short descriptive blurbs (static text).
import { useTranslation } from 'react-i18next';
import { Database, Link2, MessageSquareText, PenLine, Lock, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const FEATURES: { key: string; icon: LucideIcon }[] = [
  { key: 'trigger', icon: Database },
  { key: 'hashChain', icon: Link2 },
  { key: 'reasons', icon: MessageSquareText },
  { key: 'signatures', icon: PenLine },
  { key: 'locked', icon: Lock },
];

export function AuditFeatures() {
  const { t } = useTranslation('compliance');
  return (
    <Card data-testid="audit-features">
      <CardHeader>
        <CardTitle>{t('features.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-3">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
              <div>
                <p className="text-sm font-medium">{t(`features.${key}.title`)}</p>
                <p className="text-xs text-muted-foreground">{t(`features.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
