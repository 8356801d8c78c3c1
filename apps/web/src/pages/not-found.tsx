import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { DocumentTitle } from '@/components/document-title';

/** The not-found card, for a screen inside the shell (whose main landmark it sits in). */
export function NotFoundContent() {
  const { t } = useTranslation('not-found');
  return (
    <div className="flex min-h-full w-full items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="h-8 w-8 text-red-500" />
            <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
            <DocumentTitle title={t('title')} />
          </div>
          <p className="mt-4 text-sm text-slate-600">{t('description')}</p>
          <Link to="/dashboard" className="mt-4 inline-block text-sm text-primary hover:underline">{t('back')}</Link>
        </CardContent>
      </Card>
    </div>
  );
}

/** The not-found page outside the shell: the card is the page's main content. */
export default function NotFoundPage() {
  return (
    <main className="h-full">
      <NotFoundContent />
    </main>
  );
}
