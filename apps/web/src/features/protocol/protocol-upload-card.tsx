// The dashboard's protocol upload card (spec: dashboard, sections 4, 5, 7, 8): a drop zone highlighted
// while a file is dragged over it and a browse button, accepting .pdf, .doc, .docx and .txt; only the
// first file is used, dropped or browsed. Choosing a file only selects it (its name and size are shown and
// another can be chosen); the Analyze button starts the analysis, and while it runs reads 'Analyzing...'
// and is disabled. Success and failure are the spec's toasts; a success opens the proposal
// for review, where nothing is created until the user says so. The spec's marketing figures (4 hrs, 99%,
// 85%) are left out: nothing measures them.
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Download, FileText, Upload } from 'lucide-react';
import { PROTOCOL_ACCEPT, type ProtocolAnalysis } from '@ctp/contracts';
import { useCan } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useFormatBytes } from '@/features/etmf/format-bytes';
import { analyzeProtocol, protocolAsUsdm, ProtocolAnalysisError } from './analyze-protocol';
import { ProposalReviewDialog } from './proposal-review-dialog';
import { countedText } from '@/lib/counted-text';
import { downloadText } from '@/lib/format';

export function ProtocolUploadCard() {
  const { t } = useTranslation('protocol');
  const canBuild = useCan('form.build');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const formatBytes = useFormatBytes();
  const [result, setResult] = useState<ProtocolAnalysis | null>(null);
  // The file the shown result was read from (another file may be chosen since).
  const [analysed, setAnalysed] = useState<File | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  const analysis = useMutation({
    mutationFn: analyzeProtocol,
    onSuccess: (data, from) => {
      setAnalysed(from);
      toast({
        title: t('toast.successTitle'),
        description: countedText(t, 'toast.successDescription', { forms: data.forms?.length ?? 0, dataPoints: data.dataPoints?.length ?? 0 }),
      });
      setResult(data);
      setReviewOpen(true);
    },
    onError: () => {
      toast({ variant: 'destructive', title: t('toast.failureTitle'), description: t('toast.failureDescription') });
    },
  });
  const asUsdm = useMutation({
    mutationFn: protocolAsUsdm,
    onSuccess: ({ fileName, text }) => downloadText(fileName, 'application/json', text),
    onError: () => toast({ variant: 'destructive', title: t('toast.failureTitle'), description: t('toast.failureDescription') }),
  });
  const busy = analysis.isPending;
  const disabled = busy || !canBuild;

  /** Only the first file is used, whether dropped or browsed; it is only selected until Analyze. */
  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen || disabled) return;
    setFile(chosen);
    analysis.reset();
  };
  const analyse = () => {
    if (!file || disabled) return;
    setResult(null);
    analysis.mutate(file);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    if (!disabled) setDragging(true);
  };

  const failure = analysis.error instanceof ProtocolAnalysisError ? analysis.error.reason : null;
  return (
    <Card data-testid="protocol-upload-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="h-5 w-5 text-primary" aria-hidden />
          {t('card.title')}
        </CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          data-testid="protocol-drop-zone"
          data-dragging={dragging ? 'true' : 'false'}
          aria-disabled={disabled}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
            dragging ? 'border-primary bg-primary/10' : 'border-border bg-muted/40',
            !canBuild && 'opacity-60',
          )}
        >
          <Upload className={cn('h-8 w-8', dragging ? 'text-primary' : 'text-muted-foreground')} aria-hidden />
          <p className="text-sm font-medium">{t('card.dropHere')}</p>
          <p className="text-xs text-muted-foreground">{t('card.accepted')}</p>
          <input
            ref={input}
            type="file"
            className="sr-only"
            accept={PROTOCOL_ACCEPT}
            data-testid="protocol-file-input"
            aria-hidden tabIndex={-1}
            disabled={disabled}
            onChange={(e) => {
              take(e.target.files);
              e.target.value = '';
            }}
          />
          <Button type="button" size="sm" variant={file ? 'outline' : 'default'} disabled={disabled} onClick={() => input.current?.click()} data-testid="protocol-choose-button">
            {file ? t('card.chooseAnother') : t('card.choose')}
          </Button>
          {file && (
            <p className="text-sm" data-testid="protocol-file">
              <span className="font-medium" data-testid="protocol-file-name">
                {file.name}
              </span>{' '}
              <span className="text-xs text-muted-foreground" data-testid="protocol-file-size">
                ({formatBytes(file.size)})
              </span>
            </p>
          )}
        </div>
        <Button type="button" disabled={disabled || !file} onClick={analyse} data-testid="protocol-analyze-button">
          {busy ? t('card.analyzing') : t('card.analyze')}
        </Button>
        {failure && !busy && (
          <p className="text-xs text-destructive" role="alert" data-testid="protocol-failure">
            {failure}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{t('card.what')}</p>
        {!canBuild && (
          <p className="text-xs text-muted-foreground" data-testid="role-note">
            {t('card.roleNote')}
          </p>
        )}
        {result && !reviewOpen && (
          <Button type="button" variant="outline" size="sm" onClick={() => setReviewOpen(true)}>
            {t('card.reviewAgain', { name: result.document.fileName })}
          </Button>
        )}
        {result && analysed && (
          <Button type="button" variant="outline" size="sm" disabled={asUsdm.isPending} onClick={() => asUsdm.mutate(analysed)} data-testid="protocol-usdm-download">
            <Download aria-hidden /> {asUsdm.isPending ? t('card.usdmPreparing') : t('card.usdmDownload')}
          </Button>
        )}
      </CardContent>
      {result && <ProposalReviewDialog analysis={result} open={reviewOpen} onOpenChange={setReviewOpen} />}
    </Card>
  );
}
