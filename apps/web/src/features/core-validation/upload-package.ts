// The package goes to POST /api/cdisc/core-validations as multipart (tRPC carries JSON only): studyId and
// every chosen file in the field 'files'. A refusal answers JSON { error, fieldErrors? }; its message is
// the file field's when the server names one (a file over the limit, a zip refused), else the error.
import { CORE_PACKAGE_UPLOAD_FIELD } from '@ctp/contracts';

export async function uploadPackage(studyId: number, files: File[], networkMessage: string): Promise<{ validationId: number }> {
  const body = new FormData();
  body.append('studyId', String(studyId));
  for (const f of files) body.append(CORE_PACKAGE_UPLOAD_FIELD, f, f.name);
  let res: Response;
  try {
    res = await fetch('/api/cdisc/core-validations', { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new Error(networkMessage);
  }
  const json = (await res.json().catch(() => null)) as { validationId?: number; error?: string; fieldErrors?: Record<string, string[]> } | null;
  if (!res.ok) throw new Error(json?.fieldErrors?.[CORE_PACKAGE_UPLOAD_FIELD]?.[0] ?? json?.error ?? `${res.status} ${res.statusText}`);
  return json as { validationId: number };
}
