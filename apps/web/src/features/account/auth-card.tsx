// The centred card of the pages used before signing in (log-in, setup, set password, forgot password).
import type { ReactNode } from 'react';
import { Activity } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DocumentTitle } from '@/components/document-title';

export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-blue-50 to-slate-100 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex h-12 w-12 items-center justify-center rounded-xl bg-primary text-white">
            <Activity className="h-6 w-6" aria-hidden />
          </div>
          {/* The page's heading: these pages have no shell around them. */}
          <h1 className="text-xl font-semibold leading-none tracking-tight">{title}</h1>
          <DocumentTitle title={title} />
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}
