// "Import USDM" on the studies page (study managers and administrators): a CDISC USDM 4.0 document read
// on the server into a proposal (nothing created yet), reviewed here with the USDM object each item came
// from, then accepted: the study with its design, visits, forms due at each visit, eligibility,
// objectives and endpoints is created in one audited transaction (usdm.accept) and opened.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FileJson } from 'lucide-react';
import { STUDY_PHASES, USDM_ACCEPT, type StudyPhase, type UsdmImportAnswer } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { phaseLabel } from '@/components/ui/phase-badge';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { importUsdm, UsdmImportError } from './import-usdm';
import { ProtocolComparison } from './protocol-comparison';
import { CriteriaSection, DesignSection, FormsSection, ObjectivesSection, StudySection, VisitsSection } from './usdm-proposal-sections';
import { ConformanceSection } from './usdm-conformance-section';

function AcceptForm({ answer, onDone }: { answer: UsdmImportAnswer; onDone: (studyId: number) => void }) {
  const { t } = useTranslation('usdm');
  const p = answer.proposal;
  const [code, setCode] = useState(p.study.code);
  const [phase, setPhase] = useState<StudyPhase | ''>(p.study.phase ?? '');
  const [enrollment, setEnrollment] = useState(p.study.plannedEnrollment ? String(p.study.plannedEnrollment) : '');
  const utils = trpc.useUtils();
  const accept = trpc.usdm.accept.useMutation({
    onSuccess: (r) => {
      void utils.studies.invalidate();
      onDone(r.studyId);
    },
  });
  const error = accept.error ? serverError(accept.error) : null;
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (phase) accept.mutate({ importId: answer.importId, studyCode: code, phase, targetEnrollment: Number(enrollment) });
      }}
    >
      <div className="grid max-h-[55vh] gap-4 overflow-y-auto pr-1" data-testid="usdm-review">
        <StudySection proposal={p} />
        <DesignSection proposal={p} />
        <VisitsSection proposal={p} />
        <FormsSection proposal={p} />
        <CriteriaSection proposal={p} />
        <ObjectivesSection proposal={p} />
        <ConformanceSection conformance={answer.conformance} />
        <ProtocolComparison proposal={p} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <Label htmlFor="usdm-code">{t('accept.code')}</Label>
          <Input id="usdm-code" value={code} onChange={(e) => setCode(e.target.value)} aria-invalid={!!error?.fieldErrors.studyCode} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="usdm-phase">{t('accept.phase')}</Label>
          <NativeSelect id="usdm-phase" value={phase} onChange={(e) => setPhase(e.target.value as StudyPhase)} required>
            <option value="">{t('accept.choosePhase')}</option>
            {STUDY_PHASES.map((ph) => (
              <option key={ph} value={ph}>
                {phaseLabel(t, ph)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="usdm-enrollment">{t('accept.enrollment')}</Label>
          <Input id="usdm-enrollment" type="number" min={1} value={enrollment} onChange={(e) => setEnrollment(e.target.value)} required />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {Object.values(error.fieldErrors).flat()[0] ?? error.message}
        </p>
      )}
      <DialogFooter>
        <p className="mr-auto text-xs text-muted-foreground">{t('accept.sha', { sha: answer.sha256.slice(0, 12) })}</p>
        <Button type="submit" disabled={accept.isPending || !phase}>
          {accept.isPending ? t('accept.creating') : t('accept.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

export default function ImportUsdmDialog() {
  const { t } = useTranslation('usdm');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<UsdmImportAnswer | null>(null);
  const [reading, setReading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const read = async () => {
    if (!file) return;
    setReading(true);
    setFailure(null);
    try {
      setAnswer(await importUsdm(file));
    } catch (err) {
      setFailure(err instanceof UsdmImportError ? (err.reason ?? err.message) : String(err));
    } finally {
      setReading(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          setAnswer(null);
          setFile(null);
          setFailure(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileJson /> {t('import.button')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-4xl" data-testid="usdm-import-dialog">
        <DialogHeader>
          <DialogTitle>{answer ? t('review.title') : t('import.title')}</DialogTitle>
          <DialogDescription>{answer ? t('review.description') : t('import.description')}</DialogDescription>
        </DialogHeader>
        {answer ? (
          <AcceptForm answer={answer} onDone={(id) => navigate(`/studies/${id}`)} />
        ) : (
          <div className="grid gap-3">
            <Label htmlFor="usdm-file">{t('import.file')}</Label>
            <Input id="usdm-file" type="file" accept={USDM_ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            {failure && (
              <p role="alert" className="text-sm text-destructive" data-testid="usdm-refusal">
                {t('import.refused', { reason: failure })}
              </p>
            )}
            <DialogFooter>
              <Button onClick={() => void read()} disabled={!file || reading}>
                {reading ? t('import.reading') : t('import.read')}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
