// Routes of the spec whose capability arrives with a later issue: the page exists inside the shell
// with its title, so navigation works end to end, and says plainly that the module is not built yet.
import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';

export default function ModulePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <div>
      <PageHeader title={t(titleKey)} />
      <Card>
        <CardContent className="flex items-center gap-3 pt-5 text-sm text-muted-foreground">
          <Construction className="h-5 w-5" aria-hidden /> {t('module.notYetAvailable')}
        </CardContent>
      </Card>
    </div>
  );
}
