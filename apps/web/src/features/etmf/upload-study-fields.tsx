// Upload Document's study and site: the user's studies (studies.list, up to 100), then, optionally, a
// site of the chosen study (sites.list with studyId, the sites active in it), narrowed for site staff to
// the sites they act for (auth.me ownSites). No site files the document at trial level.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { useCurrentUser } from '@/lib/auth';
import { NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { idParam } from './use-etmf-params';
import type { UploadForm } from './upload-values';

export function UploadStudyFields({ form }: { form: UploadForm }) {
  const { t } = useTranslation('etmf');
  const errors = form.formState.errors;
  const studyId = idParam(form.watch('studyId'));
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const sites = trpc.sites.list.useQuery({ studyId: studyId ?? 0, status: 'active', limit: 100 }, { enabled: studyId !== undefined });
  const ownSites = useCurrentUser().data?.ownSites.find((o) => o.studyId === studyId)?.siteIds;
  const choices = (sites.data?.items ?? []).filter((s) => !ownSites || ownSites.includes(s.id));
  return (
    <>
      <FormField id="etmf-upload-study" label={t('upload.study')} error={errors.studyId?.message}>
        <NativeSelect
          {...form.register('studyId', {
            onChange: () => {
              form.setValue('siteId', '');
              form.setValue('approverId', '');
            },
          })}
        >
          <option value="">{studies.isPending ? t('upload.loading') : t('upload.chooseStudy')}</option>
          {studies.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {s.studyId} — {s.title}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="etmf-upload-site"
        label={t('upload.site')}
        hint={ownSites ? t('upload.siteHintOwn') : t('upload.siteHint')}
        error={errors.siteId?.message}
      >
        <NativeSelect disabled={studyId === undefined} {...form.register('siteId')}>
          <option value="">{studyId !== undefined && sites.isPending ? t('upload.loading') : t('upload.trialLevel')}</option>
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
