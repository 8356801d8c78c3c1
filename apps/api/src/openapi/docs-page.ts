// The API reference page (/api/docs): Swagger UI from the swagger-ui-dist package, served from this
// server (no external assets), reading /api/openapi.json. Its start-up script is a file of its own, so
// the Content-Security-Policy (script-src 'self') needs no exception. "Try it out" sends the browser's
// session cookie, or a token entered under "Authorize".
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';

const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>REST API reference · Clinical trial platform</title>
  <link rel="stylesheet" href="assets/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="assets/swagger-ui-bundle.js"></script>
  <script src="start.js"></script>
</body>
</html>`;

const START = `window.ui = SwaggerUIBundle({ url: '../openapi.json', dom_id: '#swagger-ui', deepLinking: true, withCredentials: true });`;

export function apiDocsRoutes(): Router {
  const r = Router();
  r.get('/', (req, res, next) => {
    // Relative asset addresses need the trailing slash.
    if (!req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, `${req.baseUrl}/`);
    res.type('html').set('Cache-Control', 'no-cache').send(PAGE);
    void next;
  });
  r.get('/start.js', (_req, res) => void res.type('application/javascript').set('Cache-Control', 'no-cache').send(START));
  r.use('/assets', express.static(distDir, { index: false, maxAge: '1d', fallthrough: false }));
  return r;
}
