// A file the server streams as an attachment (GET /api/...: the patients, inclusions, queries and audit
// trail CSVs): the server writes it a page at a time and never holds it whole, where a tRPC answer is
// one JSON text. Fetched with the session cookie; a refusal (4xx/5xx) is thrown with the server's
// message; the file is saved under the name the server gives it.

export class ServerDownloadError extends Error {}

type Params = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

/** The query string of the set parameters (a list joined by commas). */
export function queryString(params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim() ?? fallback;
}

/** Fetches `/api<path>` and saves it; answers the saved file's name. */
export async function downloadFromServer(path: string, params: Params = {}, fallbackName = 'download'): Promise<string> {
  const res = await fetch(`/api${path}${queryString(params)}`, { credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new ServerDownloadError(body?.error ?? body?.message ?? `${res.status} ${res.statusText}`);
  }
  const filename = attachmentName(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}
