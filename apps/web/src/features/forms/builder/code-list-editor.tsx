// A choice field's code list: rows of coded value + label, added, removed and reordered.
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { arrayMove } from '@dnd-kit/sortable';
import type { CodeListItem } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export function CodeListEditor({ items, onChange }: { items: readonly CodeListItem[]; onChange: (items: CodeListItem[]) => void }) {
  const { t } = useTranslation('forms-builder');
  const codes = items.map((i) => i.code);
  const setItem = (index: number, patch: Partial<CodeListItem>) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const nextCode = () => {
    for (let n = items.length + 1; ; n++) if (!codes.includes(String(n))) return String(n);
  };
  return (
    <fieldset className="grid gap-2 rounded-md border border-border p-3" data-testid="builder-code-list">
      <legend className="px-1 text-sm font-medium">{t('codeList.title')}</legend>
      {items.length === 0 ? <p className="text-sm text-destructive">{t('schema.choicesMissing')}</p> : null}
      <ol className="grid gap-2">
        {items.map((item, i) => {
          const duplicate = item.code !== '' && codes.indexOf(item.code) !== i;
          return (
            <li key={i} className="grid grid-cols-[8rem_1fr_auto] items-start gap-2">
              <Input
                className="font-mono"
                aria-label={t('codeList.code', { n: i + 1 })}
                aria-invalid={duplicate || item.code === '' ? true : undefined}
                title={duplicate ? t('schema.choicesUnique') : undefined}
                value={item.code}
                onChange={(e) => setItem(i, { code: e.target.value.trim() })}
              />
              <Input aria-label={t('codeList.label', { n: i + 1 })} aria-invalid={item.label === '' ? true : undefined} value={item.label} onChange={(e) => setItem(i, { label: e.target.value })} />
              <div className="flex">
                <Button type="button" variant="ghost" size="icon" className="size-8" disabled={i === 0} aria-label={t('codeList.up', { n: i + 1 })} onClick={() => onChange(arrayMove([...items], i, i - 1))}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button type="button" variant="ghost" size="icon" className="size-8" disabled={i === items.length - 1} aria-label={t('codeList.down', { n: i + 1 })} onClick={() => onChange(arrayMove([...items], i, i + 1))}>
                  <ArrowDown aria-hidden />
                </Button>
                <Button type="button" variant="ghost" size="icon" className="size-8 text-destructive" aria-label={t('codeList.remove', { n: i + 1 })} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...items, { code: nextCode(), label: '' }])}>
        <Plus aria-hidden /> {t('codeList.add')}
      </Button>
    </fieldset>
  );
}
