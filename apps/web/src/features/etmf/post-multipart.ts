// Uploads go to the REST paths as multipart (tRPC carries JSON only): POST /api/etmf-documents and
// /api/etmf-documents/{id}/versions. The session cookie goes with the request and the browser's Origin
// header satisfies the CSRF check. A refusal (400, 403, 409, 412, 413 ...) answers JSON
// { error, code?, fieldErrors? }; it is thrown as an UploadError shaped like a tRPC error (message,
// data.code, data.fieldErrors), so the dialogs read it with the same serverError helpers.
const STATUS_CODES: Record<number, string> = { 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 412: 'PRECONDITION_FAILED', 413: 'PAYLOAD_TOO_LARGE' };

export class UploadError extends Error {
  data: { code: string | undefined; httpStatus: number; fieldErrors: Record<string, string[] | undefined> };
  constructor(message: string, httpStatus: number, code: string | undefined, fieldErrors: Record<string, string[] | undefined> = {}) {
    super(message);
    this.data = { code, httpStatus, fieldErrors };
  }
}

/** Sends the fields and the file; empty text fields are left out (the server reads them as absent). */
export async function postMultipart<T>(url: string, fields: Record<string, string | number | undefined | null>, file: File, networkMessage: string): Promise<T> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') body.append(key, String(value));
  }
  body.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new UploadError(networkMessage, 0, undefined);
  }
  const json = (await res.json().catch(() => null)) as { error?: string; code?: string; fieldErrors?: Record<string, string[]> } | null;
  if (!res.ok) {
    // A file over the size limit is the file field's problem.
    const fieldErrors = res.status === 413 && json?.error ? { file: [json.error] } : (json?.fieldErrors ?? {});
    throw new UploadError(json?.error ?? `${res.status} ${res.statusText}`, res.status, json?.code ?? STATUS_CODES[res.status], fieldErrors);
  }
  return json as T;
}
