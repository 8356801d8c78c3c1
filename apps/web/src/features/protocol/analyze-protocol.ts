// The protocol upload (spec section 7): POST /api/studies/analyze-protocol, multipart with one field
// 'protocol', credentials included. A non-OK answer is raised as an error whose message is the status, a
// colon and the response text (spec section 8); `reason` keeps the server's own explanation to show.
import { PROTOCOL_UPLOAD_FIELD, type ProtocolAnalysis } from '@ctp/contracts';

export const ANALYZE_PROTOCOL_URL = '/api/studies/analyze-protocol';

export class ProtocolAnalysisError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's reason ('The file's content is not a PDF file'), when it gave one. */
    readonly reason: string | null,
  ) {
    super(message);
  }
}

function reasonOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: string; fieldErrors?: Record<string, string[]> };
    return body.fieldErrors?.[PROTOCOL_UPLOAD_FIELD]?.[0] ?? body.error ?? null;
  } catch {
    return null;
  }
}

async function postProtocol(url: string, file: File): Promise<Response> {
  const body = new FormData();
  body.append(PROTOCOL_UPLOAD_FIELD, file, file.name);
  const res = await fetch(url, { method: 'POST', body, credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ProtocolAnalysisError(`${res.status}: ${text || res.statusText}`, res.status, reasonOf(text));
  }
  return res;
}

export async function analyzeProtocol(file: File): Promise<ProtocolAnalysis> {
  return (await (await postProtocol(ANALYZE_PROTOCOL_URL, file)).json()) as ProtocolAnalysis;
}

/** The same analysis as a USDM 4.0 document (POST /api/studies/analyze-protocol/usdm): its file name and text. */
export async function protocolAsUsdm(file: File): Promise<{ fileName: string; text: string }> {
  const res = await postProtocol(`${ANALYZE_PROTOCOL_URL}/usdm`, file);
  const named = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { fileName: named ?? 'protocol-usdm.json', text: await res.text() };
}
