// The data import upload: POST /api/studies/{id}/import-data, multipart with the file in `file`, the mode
// (dry-run or import) and the reason. A refusal keeps the server's reason.
import { DATA_IMPORT_FIELD, type ImportReport } from '@ctp/contracts';

export class DataImportError extends Error {}

export async function uploadData(studyId: number, file: File, mode: 'dry-run' | 'import', reason?: string): Promise<ImportReport> {
  const body = new FormData();
  body.append(DATA_IMPORT_FIELD, file, file.name);
  body.append('mode', mode);
  if (reason) body.append('reason', reason);
  const res = await fetch(`/api/studies/${studyId}/import-data`, { method: 'POST', body, credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message = text || res.statusText;
    try {
      const parsed = JSON.parse(text) as { error?: string; fieldErrors?: Record<string, string[]> };
      message = parsed.fieldErrors?.reason?.[0] ?? parsed.error ?? message;
    } catch {
      // not JSON: the text as it is
    }
    throw new DataImportError(message);
  }
  return (await res.json()) as ImportReport;
}
