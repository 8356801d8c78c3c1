// The study's fields, shared by the New Study / New Trial dialog and the Edit Study dialog.
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ORGANISATION_TYPES, STUDY_BLINDINGS, STUDY_PHASES, STUDY_STATUSES } from '@ctp/contracts';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import type { StudyField } from './study-form';
import { phaseLabel } from '@/components/ui/phase-badge';

interface Props {
  register: (name: StudyField) => UseFormRegisterReturn;
  errors: FieldErrors<Record<StudyField, string>>;
  /** The code is chosen once, at creation. */
  withCode?: boolean;
  /** The actual end date only makes sense for a study that has run. */
  withActualEnd?: boolean;
}

export function StudyFormFields({ register, errors, withCode, withActualEnd }: Props) {
  const { t } = useTranslation('studies');
  const { t: tc } = useTranslation('common');
  const field = (
    name: StudyField,
    control: React.ReactElement<Record<string, unknown>>,
    className?: string,
    hint?: string,
  ) => (
    <FormField
      id={`study-${name}`}
      label={t(`fields.${name}`)}
      error={errors[name]?.message}
      className={className}
      hint={hint}
    >
      {control}
    </FormField>
  );
  const orgTypes = (
    <>
      <option value="">{t('form.none')}</option>
      {ORGANISATION_TYPES.map((o) => (
        <option key={o} value={o}>
          {t(`organisationTypes.${o}`, { defaultValue: o })}
        </option>
      ))}
    </>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {withCode &&
        field(
          'studyId',
          <Input placeholder="ONC-2025-001" autoComplete="off" {...register('studyId')} />,
          undefined,
          t('form.codeHint'),
        )}
      {field('title', <Input {...register('title')} />, withCode ? undefined : 'sm:col-span-2')}
      {field('description', <Textarea rows={3} {...register('description')} />, 'sm:col-span-2')}
      {field(
        'phase',
        <NativeSelect {...register('phase')}>
          {STUDY_PHASES.map((p) => (
            <option key={p} value={p}>
              {phaseLabel(tc, p)}
            </option>
          ))}
        </NativeSelect>,
      )}
      {field(
        'blinding',
        <NativeSelect {...register('blinding')}>
          {STUDY_BLINDINGS.map((b) => (
            <option key={b} value={b}>
              {t(`blinding.${b}`)}
            </option>
          ))}
        </NativeSelect>,
        undefined,
        t('form.blindingHint'),
      )}
      {field(
        'status',
        <NativeSelect {...register('status')}>
          {STUDY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {tc(`status.${s}`, { defaultValue: s })}
            </option>
          ))}
        </NativeSelect>,
      )}
      {field('therapeuticArea', <Input {...register('therapeuticArea')} />)}
      {field(
        'targetEnrollment',
        <Input type="number" min={1} step={1} inputMode="numeric" {...register('targetEnrollment')} />,
      )}
      {field('startDate', <Input type="date" {...register('startDate')} />)}
      {field('plannedEndDate', <Input type="date" {...register('plannedEndDate')} />)}
      {withActualEnd && field('actualEndDate', <Input type="date" {...register('actualEndDate')} />)}
      {field('sponsorName', <Input {...register('sponsorName')} />)}
      {field('sponsorType', <NativeSelect {...register('sponsorType')}>{orgTypes}</NativeSelect>)}
      {field('croName', <Input {...register('croName')} />)}
      {field('croType', <NativeSelect {...register('croType')}>{orgTypes}</NativeSelect>)}
      {field('principalInvestigator', <Input {...register('principalInvestigator')} />)}
      {field('principalInvestigatorTitle', <Input {...register('principalInvestigatorTitle')} />)}
      {field('studyManager', <Input {...register('studyManager')} />)}
      {field('studyManagerTitle', <Input {...register('studyManagerTitle')} />)}
      {field(
        'budgetTotal',
        <Input type="number" min={0} step="any" inputMode="decimal" {...register('budgetTotal')} />,
      )}
      {field('currency', <Input maxLength={3} className="uppercase" {...register('currency')} />)}
    </div>
  );
}
