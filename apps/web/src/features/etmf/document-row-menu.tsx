// A row's menu: View Details and Download, then the steps the document's state and the user's role allow
// (Approve and Return for its named approver, Send for Review, Upload New Version, Withdraw). A step the
// role may not take is shown disabled with the reason.
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Download, Eye, FileUp, MoreHorizontal, Send, Undo2, XCircle, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { documentSteps, type DocumentPermissions, type DocumentRow, type DocumentStep, type OnDocumentAction } from './document-actions';

export const STEP_ICONS: Record<DocumentStep['action'], LucideIcon> = {
  approve: CheckCircle2,
  return: Undo2,
  sendForReview: Send,
  newVersion: FileUp,
  withdraw: XCircle,
};

export function DocumentRowMenu({ row, can, onAction }: { row: DocumentRow; can: DocumentPermissions; onAction: OnDocumentAction }) {
  const { t } = useTranslation('etmf');
  const steps = documentSteps(row, can);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('actions.menu', { code: row.code })}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-72">
        <DropdownMenuItem onSelect={() => onAction('view', row)}>
          <Eye className="h-4 w-4" aria-hidden /> {t('actions.view')}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={row.documentPath} download={row.fileName}>
            <Download className="h-4 w-4" aria-hidden /> {t('actions.download')}
          </a>
        </DropdownMenuItem>
        {steps.length > 0 && <DropdownMenuSeparator />}
        {steps.map(({ action, blocked }) => {
          const Icon = STEP_ICONS[action];
          return (
            <DropdownMenuItem
              key={action}
              disabled={!!blocked}
              onSelect={() => onAction(action, row)}
              className={action === 'withdraw' ? 'items-start text-red-600 data-[disabled]:opacity-60' : 'items-start data-[disabled]:opacity-60'}
            >
              <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span className="grid">
                {t(`actions.${action}`)}
                {blocked && <span className="text-xs font-normal text-muted-foreground">{t(`reasons.${blocked}`)}</span>}
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
