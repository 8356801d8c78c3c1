// The tRPC HTTP endpoint, written as one buffer per response.
// tRPC's own Express adapter pipes the response through a web WritableStream and sends it as a
// chunked body: the headers and body in one socket write, the closing chunk in another, and a
// stream, an abort signal and several promises per request. Its answers here are never streamed (the
// web uses httpBatchLink, because log-in sets a cookie), so this handler resolves the same Response
// with tRPC's own resolveResponse and sends it with a Content-Length in a single write: under load it
// cut the API process's CPU per list request (see the bench notes in the README).
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';

export interface TrpcHandlerOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext(req: ExpressRequest, res: ExpressResponse): inferRouterContext<TRouter>;
  onError?: HTTPErrorHandler<TRouter, ExpressRequest>;
  /** Largest request body accepted, in bytes. */
  maxBodySize: number;
}

export function trpcHandler<TRouter extends AnyTRPCRouter>(opts: TrpcHandlerOptions<TRouter>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = incomingMessageToRequest(req, res, { maxBodySize: opts.maxBodySize });
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
