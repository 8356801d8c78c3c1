// createApp({ db, config, logger }) -> the Express app. Tests import this; main.ts listens.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type Response } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import * as cookie from 'cookie';
import { SECURITY } from '@ctp/contracts';
import { BlobStore, type DbHandle } from '@ctp/db';
import { storageDirOf, type Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { Context } from './trpc.ts';
import { appRouter } from './router.ts';
import { resolveSession, type SessionUser } from './modules/auth/session.ts';
import { resolveApiToken } from './modules/auth/api-tokens.ts';
import { IdentityCache } from './modules/auth/identity-cache.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { csrfGuard } from './http/security.ts';
import { setSessionCookie } from './http/session-cookie.ts';
import { oidcRoutes } from './http/oidc-routes.ts';
import { errorHandler } from './http/errors.ts';
import { reportFailure } from './http/error-boundary.ts';
import { trpcHandler } from './http/trpc-handler.ts';
import { callerFactory } from './rest-caller.ts';
import { restRoutes } from './rest.ts';
import { openApiDocument } from './openapi/document.ts';
import { apiDocsRoutes } from './openapi/docs-page.ts';
import { APP_VERSION } from './version.ts';
import { uploadOf, uploadsOf } from './http/uploads.ts';
import { REQUEST_BODY_LIMIT_BYTES, trpcBodyLimit } from './http/body-limits.ts';
import { requestId, requestIdOf } from './http/request-id.ts';
import { Metrics } from './http/metrics.ts';
import type { JobQueue } from './jobs/queue.ts';
import { localJobQueue } from './background.ts';

export interface AppDeps {
  database: DbHandle;
  config: Config;
  logger: Logger;
  /** One per process (main.ts also serves it on METRICS_PORT); made here when left out. */
  metrics?: Metrics;
  /** The session and scope cache; main.ts passes its own, which listens for changes made elsewhere. */
  identity?: IdentityCache;
  /** The job queue (main.ts starts it); an in-process queue working the run jobs when left out. */
  jobs?: JobQueue;
}

/** The metrics of an app serving this router (every procedure's path labels its requests). */
export function createMetrics(database: DbHandle): Metrics {
  return new Metrics({ database, procedures: new Set(Object.keys(appRouter._def.procedures)) });
}

interface Auth {
  user: SessionUser | null;
  sessionId: number | null;
  /** Set when a REST call authenticated with a personal API token instead of a session cookie. */
  apiToken?: { id: number; name: string; access: 'read' | 'read-write' };
}

const BEARER = /^Bearer\s+(\S+)$/i;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export function createApp({
  database,
  config,
  logger,
  metrics = createMetrics(database),
  identity = new IdentityCache(config.SESSION_CACHE_SECONDS),
  jobs,
}: AppDeps) {
  const { db } = database;
  const loginThrottle = new LoginThrottle(config.LOGIN_ATTEMPTS_PER_MINUTE, database.pgPool);
  const files = new BlobStore(storageDirOf(config));
  const queue = jobs ?? localJobQueue(db, files, logger);
  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY) app.set('trust proxy', 1);

  app.use(requestId());
  app.use(metrics.middleware());
  app.use(helmet());
  // gzip or brotli (as the browser asks) for the web app's files and the API's JSON, over 1 KB.
  // compression's own filter leaves alone what is already compressed (zip, PDF, images, and .xpt files
  // sent as application/octet-stream) and Cache-Control: no-transform; an event stream, should one come,
  // would be held back by the compressor's buffer, so it is left alone too.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
        compression.filter(req, res),
    }),
  );
  // A line per request, at info. Above info (LOG_LEVEL warn or error) pino-http would write only the
  // 5xx lines that the tRPC and REST error handlers write themselves, yet still build a child logger
  // per request (about 0.1 ms of the API's CPU per request under load): it is left out.
  if (logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger,
        // Paths only: query strings and bodies may hold clinical values.
        serializers: {
          req: (req) => ({ method: req.method, path: String(req.url).split('?')[0] }),
          res: (res) => ({ statusCode: res.statusCode }),
        },
        autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
        genReqId: (req) => requestIdOf(req),
      }),
    );
  }

  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  // Prometheus metrics on the API port only behind a token (main.ts serves them on METRICS_PORT too).
  if (config.METRICS_TOKEN) app.get('/metrics', metrics.handler(config.METRICS_TOKEN));
  app.get('/readyz', async (_req, res) => {
    try {
      await database.ping();
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'database unavailable' });
    }
  });

  // Resolve the session cookie once per request, for tRPC and REST alike; on /api an
  // `Authorization: Bearer` personal API token instead (scripts and integrations, not browsers).
  app.use(['/trpc', '/api'], async (req, res, next) => {
    try {
      const bearer = req.baseUrl === '/api' ? BEARER.exec(req.get('authorization') ?? '')?.[1] : undefined;
      if (bearer) {
        const found = await resolveApiToken(db, bearer, req.ip ?? null);
        if (!found) return void res.status(401).json({ error: 'This API token is not valid: it is unknown, expired or revoked' });
        if (found.access === 'read' && !['GET', 'HEAD'].includes(req.method)) {
          return void res.status(403).json({ error: 'This API token is read-only' });
        }
        res.locals.auth = { user: found.user, sessionId: null, apiToken: { id: found.tokenId, name: found.name, access: found.access } } satisfies Auth;
        return next();
      }
      const token = cookie.parse(req.headers.cookie ?? '')[SECURITY.sessionCookie];
      const found = await resolveSession(db, token, identity);
      res.locals.auth = { user: found?.user ?? null, sessionId: found?.sessionId ?? null } satisfies Auth;
      next();
    } catch (err) {
      // On /trpc the failure (a lost database, typically) is raised in createContext, so tRPC answers
      // it in its own shape (a batch gets a batch); REST answers through the error handler.
      if (req.baseUrl === '/trpc') {
        res.locals.authFailure = err;
        return next();
      }
      next(err);
    }
  });
  // A token is sent deliberately by its holder, never attached by a browser: no CSRF check for it.
  const csrf = csrfGuard(config.ALLOWED_ORIGINS);
  app.use(['/trpc', '/api'], (req, res, next) => ((res.locals.auth as Auth | undefined)?.apiToken ? next() : csrf(req, res, next)));

  const contextFor = (req: Request, res: Response): Context => {
    const auth: Auth = res.locals.auth ?? { user: null, sessionId: null };
    return {
      db,
      config,
      files,
      jobs: queue,
      identity,
      loginThrottle,
      user: auth.user,
      sessionId: auth.sessionId,
      req: {
        ip: req.ip ?? null,
        userAgent: req.get('user-agent') ?? null,
        apiToken: auth.apiToken ? { id: auth.apiToken.id, name: auth.apiToken.name } : undefined,
        upload: uploadOf(req),
        uploads: uploadsOf(req),
        setSessionCookie: (token, expiresAt) => setSessionCookie(req, res, config, token, expiresAt),
      },
    };
  };

  app.use(
    '/trpc',
    trpcHandler({
      router: appRouter,
      createContext: (req, res) => {
        if (res.locals.authFailure) throw res.locals.authFailure;
        return contextFor(req, res);
      },
      // 1 MB, more for a procedure carrying a document (forms.import: its 2 MB file as JSON).
      maxBodySize: trpcBodyLimit,
      onError: ({ error, path: procedure, req }) => {
        // The formatter answers with the same correlation id (correlationIdOf the same error).
        metrics.trpcError(procedure, error.code);
        if (error.code === 'INTERNAL_SERVER_ERROR') reportFailure(logger, error.cause ?? error, { procedure, reqId: requestIdOf(req) }, error);
      },
    }),
  );

  // Single sign-on (OpenID Connect): browser redirects to and from the provider, so Express, not tRPC.
  app.use('/auth/oidc', oidcRoutes({ db, config, logger, loginThrottle }));

  // The REST paths' description and its reference page are public: integrators read them before they have a token.
  const openApi = openApiDocument(APP_VERSION);
  app.get('/api/openapi.json', (_req, res) => void res.set('Cache-Control', 'no-cache').json(openApi));
  app.use('/api/docs', apiDocsRoutes());

  // REST: every path needs a session; unknown paths answer a JSON 404.
  app.use('/api', (_req, res, next) => (res.locals.auth?.user ? next() : void res.status(401).json({ error: 'Please sign in' })));
  app.use('/api', express.json({ limit: REQUEST_BODY_LIMIT_BYTES }), restRoutes(callerFactory(contextFor), files, config.UPLOAD_MAX_MB));
  app.use('/api', (_req, res) => void res.status(404).json({ error: 'Not found' }));

  // The built web app, with client-side routes falling back to index.html. Vite names the files under
  // /assets by their content's hash, so they are cached for a year, unchanged; index.html (which names
  // them) is revalidated on every load, so a new release is picked up at once; the rest for an hour.
  const webDist = config.WEB_DIST ?? defaultWebDist;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    const assetsDir = path.join(webDist, 'assets') + path.sep;
    app.use(
      express.static(webDist, {
        index: false,
        maxAge: '1h',
        setHeaders: (res, file) => {
          if (file.startsWith(assetsDir))
            res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
          else if (path.basename(file) === 'index.html') res.setHeader('Cache-Control', 'no-cache');
        },
      }),
    );
    app.use((req, res, next) => {
      if (req.method !== 'GET' || req.path.startsWith('/trpc')) return next();
      // An unknown file under /assets (an old release's chunk) is a 404, not the app's page as JavaScript.
      if (req.path.startsWith('/assets/')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(webDist, 'index.html'));
    });
  }

  app.use(errorHandler(logger));
  return app;
}
