// A list's study filter: the user's studies by code, or all of them ('' = all). A study in the address
// that the list of studies does not hold (yet) still shows, by its id.
import { trpc } from '@/lib/trpc';
import { NativeSelect } from '@/components/ui/input';

export function StudyFilter({
  value,
  onChange,
  label,
  allLabel,
}: {
  value: number | undefined;
  onChange: (id: string) => void;
  label: string;
  allLabel: string;
}) {
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const known = studies.data?.items.some((s) => s.id === value);
  return (
    <NativeSelect
      className="w-44"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      aria-label={label}
    >
      <option value="">{allLabel}</option>
      {value !== undefined && !known && <option value={value}>#{value}</option>}
      {studies.data?.items.map((s) => (
        <option key={s.id} value={s.id}>
          {s.studyId}
        </option>
      ))}
    </NativeSelect>
  );
}
