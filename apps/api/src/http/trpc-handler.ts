// The tRPC HTTP endpoint, written as one buffer per response.
// tRPC's own Express adapter pipes the response through a web WritableStream and sends it as a
// chunked body: the headers and body in one socket write, the closing chunk in another, and a
// stream, an abort signal and several promises per request. Its answers here are never streamed (the
// web uses httpBatchLink, because log-in sets a cookie), so this handler resolves the same Response
// with tRPC's own resolveResponse and sends it with a Content-Length in a single write: under load it
// cut the API process's CPU per list request (see the bench notes in the README).
// A query (GET) is also turned into a fetch Request without tRPC's abort signal: that signal is
// aborted when the response closes, after every request, and each abort builds a DOMException with a
// stack trace; no procedure here reads the signal.
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';

export interface TrpcHandlerOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext(req: ExpressRequest, res: ExpressResponse): inferRouterContext<TRouter>;
  onError?: HTTPErrorHandler<TRouter, ExpressRequest>;
  /** Largest request body accepted, in bytes, or a function of the procedures the request calls. */
  maxBodySize: number | ((procedures: string[]) => number);
}

export function trpcHandler<TRouter extends AnyTRPCRouter>(opts: TrpcHandlerOptions<TRouter>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request =
        req.method === 'GET' || req.method === 'HEAD'
          ? queryRequest(req)
          : incomingMessageToRequest(req, res, {
              maxBodySize: typeof opts.maxBodySize === 'number' ? opts.maxBodySize : opts.maxBodySize(req.path.slice(1).split(',')),
            });
      const response = await resolveResponse<TRouter>({
        router: opts.router,
        req: request,
        path: req.path.slice(1),
        error: null,
        createContext: async () => opts.createContext(req, res),
        onError: (o) => opts.onError?.({ ...o, req }),
      });
      const body = Buffer.from(await response.arrayBuffer());
      res.status(response.status);
      for (const [key, value] of response.headers) {
        if (key !== 'set-cookie') res.setHeader(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) res.append('set-cookie', cookies);
      res.setHeader('content-length', body.length);
      res.end(body);
    } catch (err) {
      next(err);
    }
  };
}

/**
 * A GET as a fetch Request for resolveResponse, which reads its method, headers and query string. The
 * origin is fixed: the Host header is the client's to write and nothing here reads it from the URL.
 */
function queryRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.append(key, value);
  }
  return new Request(new URL(req.originalUrl, 'http://localhost'), { method: req.method, headers });
}
