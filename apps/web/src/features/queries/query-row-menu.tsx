// A row's menu: View Details, then what the query's lifecycle and the user's role allow (Edit Query,
// Add Response, Resolve, Re-open, Cancel Query).
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Eye, MessageSquareReply, MoreHorizontal, Pencil, RotateCcw, XCircle, type LucideIcon } from 'lucide-react';
import type { QueryRow } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { allowedActions, type OnQueryAction, type QueryAction, type QueryPermissions } from './query-actions';

const ICONS: Record<QueryAction, LucideIcon> = {
  view: Eye,
  edit: Pencil,
  respond: MessageSquareReply,
  resolve: CheckCircle2,
  reopen: RotateCcw,
  cancel: XCircle,
};

export function QueryRowMenu({ row, can, onAction }: { row: QueryRow; can: QueryPermissions; onAction: OnQueryAction }) {
  const { t } = useTranslation('queries');
  const actions = allowedActions(row, can);
  const item = (action: QueryAction) => {
    const Icon = ICONS[action];
    return (
      <DropdownMenuItem key={action} onSelect={() => onAction(action, row)} className={action === 'cancel' ? 'text-red-600' : undefined}>
        <Icon className="h-4 w-4" aria-hidden /> {t(`actions.${action}`)}
      </DropdownMenuItem>
    );
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('actions.menu', { code: row.queryId })}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {item('view')}
        {actions.length > 0 && <DropdownMenuSeparator />}
        {actions.map(item)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
