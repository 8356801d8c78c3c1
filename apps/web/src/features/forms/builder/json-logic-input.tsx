// A JSON-logic expression as editable JSON text. While the text parses, each edit is passed on; while
// it does not, the parse error shows and the last good expression stays. Leaving the box shows the
// expression as stored again. Optional expressions may be emptied (undefined).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logicExpression, type LogicExpression } from '@ctp/contracts';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/input';

const show = (value: LogicExpression | undefined) => (value === undefined || value === null ? '' : JSON.stringify(value));

export function JsonLogicInput({
  label,
  value,
  onChange,
  optional,
  hint,
}: {
  label: string;
  value: LogicExpression | undefined;
  onChange: (value: LogicExpression | undefined) => void;
  optional?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation('forms-builder');
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const edit = (text: string) => {
    setDraft(text);
    if (text.trim() === '') {
      setError(optional ? null : t('logic.missing'));
      if (optional) onChange(undefined);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (!logicExpression.safeParse(parsed).success) throw new Error(t('logic.shape'));
      setError(null);
      onChange(parsed as LogicExpression);
    } catch (e) {
      setError(e instanceof SyntaxError ? t('logic.parse', { message: e.message }) : (e as Error).message);
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={3}
        spellCheck={false}
        className="font-mono text-xs"
        value={draft ?? show(value)}
        placeholder='{"and":[{"==":[{"var":"SMOKER"},"Y"]}]}'
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(e) => edit(e.target.value)}
        onBlur={() => {
          if (!error) setDraft(null);
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
