// The USDM upload: POST /api/studies/import-usdm, multipart with the document in the field 'file',
// credentials included. A refusal keeps the server's reason (with the path of the offending object).
import { USDM_UPLOAD_FIELD, type UsdmImportAnswer } from '@ctp/contracts';

export const IMPORT_USDM_URL = '/api/studies/import-usdm';
export const exportUsdmUrl = (studyId: number) => `/api/studies/${studyId}/usdm`;

export class UsdmImportError extends Error {
  constructor(
    message: string,
    readonly reason: string | null,
  ) {
    super(message);
  }
}

function reasonOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: string; fieldErrors?: Record<string, string[]> };
    return body.fieldErrors?.[USDM_UPLOAD_FIELD]?.[0] ?? body.error ?? null;
  } catch {
    return null;
  }
}

export async function importUsdm(file: File): Promise<UsdmImportAnswer> {
  const body = new FormData();
  body.append(USDM_UPLOAD_FIELD, file, file.name);
  const res = await fetch(IMPORT_USDM_URL, { method: 'POST', body, credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new UsdmImportError(`${res.status}: ${text || res.statusText}`, reasonOf(text));
  }
  return (await res.json()) as UsdmImportAnswer;
}
