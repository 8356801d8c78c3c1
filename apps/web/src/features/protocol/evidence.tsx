// Why the engine proposed something: where in the document (page and line, paragraph, table row) and the
// words it read there.
import { useTranslation } from 'react-i18next';
import type { ProtocolEvidence } from '@ctp/contracts';

export function useEvidenceLocation() {
  const { t } = useTranslation('protocol');
  return (e: ProtocolEvidence) => {
    const parts: string[] = [];
    if (e.page !== null) parts.push(t('evidence.page', { page: e.page }));
    if (e.table !== null) parts.push(t('evidence.tableRow', { table: e.table, row: e.row ?? '?' }));
    else if (e.paragraph !== null) parts.push(t('evidence.paragraph', { paragraph: e.paragraph }));
    if (e.line !== null && e.table === null) parts.push(t('evidence.line', { line: e.line }));
    const text = parts.join(', ') || t('evidence.document');
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
}

export function EvidenceList({ items }: { items: ProtocolEvidence[] }) {
  const location = useEvidenceLocation();
  return (
    <ul className="grid gap-1" data-testid="evidence">
      {items.map((e, i) => (
        <li key={i} className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{location(e)}:</span> <q className="italic">{e.text}</q>
        </li>
      ))}
    </ul>
  );
}
