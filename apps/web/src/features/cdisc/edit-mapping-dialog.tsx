// Edit a field's mapping by hand: an SDTMIG domain, then one of its variables from the catalogue, an
// optional test code (findings) or QNAM (SUPP--), and the reason for the change. Saved as an approved
// manual mapping; the reason goes to the audit trail.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CdiscMapping } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function EditMappingDialog({ mapping, onClose, onSaved }: { mapping: CdiscMapping; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('cdisc');
  const [domain, setDomain] = useState(mapping.suggestedDomain ?? '');
  const [variable, setVariable] = useState(mapping.suggestedVariable ?? '');
  const [testCode, setTestCode] = useState(mapping.testCode ?? '');
  const [qnam, setQnam] = useState(mapping.qnam ?? mapping.fieldName.toUpperCase().slice(0, 8));
  const [reason, setReason] = useState('');
  const domains = trpc.cdisc.domains.useQuery({ type: 'SDTM', limit: 100 });
  const supp = domain.startsWith('SUPP');
  const variables = trpc.cdisc.variablesByDomain.useQuery({ domain }, { enabled: /^[A-Z][A-Z0-9]{1,7}$/.test(domain) && !supp });
  const edit = trpc.cdisc.editMapping.useMutation({ onSuccess: onSaved });
  const parent = domain.replace(/^SUPP/, '');
  const domainOptions = (domains.data?.items ?? []).map((d) => d.domainCode);
  const save = () =>
    edit.mutate({
      formId: mapping.formId,
      fieldPath: mapping.fieldPath,
      ...(mapping.version !== null && { version: mapping.version }),
      domain,
      variable: supp ? 'QVAL' : variable,
      ...(!supp && testCode.trim() && { testCode: testCode.trim().toUpperCase() }),
      ...(supp && { qnam: qnam.trim().toUpperCase() }),
      reason: reason.trim(),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg" data-testid="cdisc-edit-mapping">
        <DialogHeader>
          <DialogTitle>{t('mappings.editTitle', { field: mapping.fieldLabel })}</DialogTitle>
          <DialogDescription>{t('mappings.editDescription', { code: mapping.fieldName })}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="map-domain">{t('mappings.domain')}</Label>
            <NativeSelect id="map-domain" value={domain} onChange={(e) => { setDomain(e.target.value); setVariable(''); }}>
              <option value="">{t('mappings.chooseDomain')}</option>
              {domainOptions.map((d) => (
                <option key={d} value={d}>{d}</option>
              ))}
              {domainOptions.map((d) => (
                <option key={`SUPP${d}`} value={`SUPP${d}`}>SUPP{d}</option>
              ))}
            </NativeSelect>
          </div>
          {supp ? (
            <div className="grid gap-1">
              <Label htmlFor="map-qnam">{t('mappings.qnam', { domain: parent })}</Label>
              <Input id="map-qnam" value={qnam} maxLength={8} onChange={(e) => setQnam(e.target.value)} />
            </div>
          ) : (
            <>
              <div className="grid gap-1">
                <Label htmlFor="map-variable">{t('mappings.variable')}</Label>
                <NativeSelect id="map-variable" value={variable} onChange={(e) => setVariable(e.target.value)} disabled={!domain}>
                  <option value="">{t('mappings.chooseVariable')}</option>
                  {variables.data?.map((v) => (
                    <option key={v.name} value={v.name}>
                      {v.name} — {v.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="map-testcd">{t('mappings.testCode')}</Label>
                <Input id="map-testcd" value={testCode} maxLength={8} placeholder="SYSBP" onChange={(e) => setTestCode(e.target.value)} />
              </div>
            </>
          )}
          <div className="grid gap-1">
            <Label htmlFor="map-reason">{t('mappings.reason')}</Label>
            <Input id="map-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          {edit.error && <p className="text-sm text-destructive" role="alert">{serverError(edit.error).message}</p>}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>{t('mappings.cancel')}</Button>
          <Button onClick={save} disabled={!domain || (!supp && !variable) || reason.trim().length < 3 || edit.isPending}>
            {t('mappings.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
