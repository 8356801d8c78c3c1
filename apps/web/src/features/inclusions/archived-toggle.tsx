// Show archived: the list shows the archived subjects instead of the current ones. The box follows the
// click at once (the URL change that carries it is rendered as a transition) and the URL afterwards.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ArchivedToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('inclusions');
  const [on, setOn] = useState(checked);
  const [shown, setShown] = useState(checked);
  if (checked !== shown) {
    setShown(checked);
    setOn(checked);
  }
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      <input
        type="checkbox"
        className="h-4 w-4 accent-primary"
        checked={on}
        onChange={(e) => {
          setOn(e.target.checked);
          onChange(e.target.checked);
        }}
      />
      {t('showArchived')}
    </label>
  );
}
