// CSRF protection for cookie sessions: a state-changing request must come from an allowed origin
// (same origin, or ALLOWED_ORIGINS) and, unless it is a file upload, carry a JSON body. A cross-site
// HTML form can send neither, and SameSite=Lax keeps the cookie off cross-site POSTs as well.
import type { Request, Response, NextFunction } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function csrfGuard(allowedOrigins: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const host = req.get('host');
    if (origin) {
      let originHost: string | null;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = null;
      }
      if (originHost !== host && !allowedOrigins.includes(origin)) {
        return res.status(403).json({ error: 'Cross-origin request refused' });
      }
    } else if (req.get('sec-fetch-site') === 'cross-site') {
      return res.status(403).json({ error: 'Cross-origin request refused' });
    }
    const type = req.get('content-type') ?? '';
    if (!type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      return res.status(415).json({ error: 'Send the request body as application/json' });
    }
    next();
  };
}
