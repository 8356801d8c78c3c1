// Study and site choice of Add Patient: the user's studies (studies.list, up to 100), then the sites
// activated for the chosen study (sites.list with studyId and status: the site's status in that study),
// narrowed for site staff to the sites they act for (auth.me ownSites). The server checks both again.
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { patientEnrollInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCurrentUser } from '@/lib/auth';
import { NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { idParam } from './use-url-filters';

export type EnrollForm = UseFormReturn<
  z.input<typeof patientEnrollInput>,
  unknown,
  z.output<typeof patientEnrollInput>
>;

export function StudySiteFields({ form, open }: { form: EnrollForm; open: boolean }) {
  const { t } = useTranslation('patients');
  const errors = form.formState.errors;
  const studyId = idParam(String(form.watch('studyId') ?? ''));
  const studies = trpc.studies.list.useQuery({ limit: 100 }, { enabled: open });
  const sites = trpc.sites.list.useQuery(
    { studyId: studyId ?? 0, status: 'active', limit: 100 },
    { enabled: open && studyId !== undefined },
  );
  const ownSites = useCurrentUser().data?.ownSites.find((o) => o.studyId === studyId)?.siteIds;
  const choices = (sites.data?.items ?? []).filter((s) => !ownSites || ownSites.includes(s.id));
  const sitePrompt =
    studyId !== undefined && sites.isPending
      ? t('enroll.loading')
      : studyId !== undefined && sites.data && choices.length === 0
        ? t('enroll.noActiveSites')
        : t('enroll.chooseSite');
  return (
    <>
      <FormField
        id="enroll-study"
        label={t('enroll.study')}
        error={errors.studyId?.message}
        className="sm:col-span-2"
      >
        <NativeSelect {...form.register('studyId', { onChange: () => form.setValue('siteId', '') })}>
          <option value="">{studies.isPending ? t('enroll.loading') : t('enroll.chooseStudy')}</option>
          {studies.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {s.studyId} — {s.title}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="enroll-site"
        label={t('enroll.site')}
        error={errors.siteId?.message}
        hint={t('enroll.siteHint')}
        className="sm:col-span-2"
      >
        <NativeSelect disabled={studyId === undefined} {...form.register('siteId')}>
          <option value="">{sitePrompt}</option>
          {studyId !== undefined &&
            choices.map((s) => (
              <option key={s.id} value={s.id}>
                {s.siteNumber} — {s.siteName}
              </option>
            ))}
        </NativeSelect>
      </FormField>
    </>
  );
}
