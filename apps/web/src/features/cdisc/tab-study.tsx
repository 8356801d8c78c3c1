// The study a CDISC tab works on: the page's (from the URL) when one is chosen there, else the one picked in
// the tab, else the user's first study; and the picker shown when the page has none.
import { useState } from 'react';
import { trpc } from '@/lib/trpc';
import { NativeSelect } from '@/components/ui/input';

export function useTabStudy(pageStudyId: number | undefined) {
  const [picked, setPicked] = useState<number>();
  const studies = trpc.studies.list.useQuery({ limit: 100 }, { enabled: pageStudyId === undefined });
  return {
    study: pageStudyId ?? picked ?? studies.data?.items[0]?.id,
    /** The picker's options; none when the page has chosen the study. */
    options: pageStudyId === undefined ? (studies.data?.items ?? []) : [],
    pick: setPicked,
    showPicker: pageStudyId === undefined,
  };
}

export function TabStudyPicker({ label, value, options, onPick }: { label: string; value: number | undefined; options: { id: number; studyId: string }[]; onPick: (id: number) => void }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <NativeSelect className="w-48" value={value ?? ''} onChange={(e) => onPick(Number(e.target.value))} aria-label={label}>
        {options.map((s) => (
          <option key={s.id} value={s.id}>
            {s.studyId}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
