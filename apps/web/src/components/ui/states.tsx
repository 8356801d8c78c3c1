// Shared empty, not-found and error states so every screen words them the same way.
import { Link } from 'react-router-dom';
import { ArrowLeft, SearchX, AlertTriangle } from 'lucide-react';
import { Button } from './button';
import { Card, CardContent } from './card';

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: React.ReactNode }) {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
        <SearchX className="h-10 w-10 text-muted-foreground" aria-hidden />
        <h3 className="text-lg font-semibold">{title}</h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
        {action}
      </CardContent>
    </Card>
  );
}

export function NotFoundState({ title, description, backTo, backLabel }: { title: string; description: string; backTo: string; backLabel: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <h2 className="text-2xl font-bold">{title}</h2>
      <p className="text-muted-foreground">{description}</p>
      <Button asChild variant="outline">
        <Link to={backTo}>
          <ArrowLeft /> {backLabel}
        </Link>
      </Button>
    </div>
  );
}

export function ErrorState({ message }: { message: string }) {
  return (
    <div role="alert" className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-700">
      <AlertTriangle className="h-4 w-4" /> {message}
    </div>
  );
}
