// Every request gets an id, the one an upstream proxy sent in X-Request-Id when it is a sane token,
// otherwise a new UUID: the answer carries it back in X-Request-Id and every log line of the request
// carries it (pino-http's reqId), so an operator follows one request from the proxy's log to ours.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

const SANE = /^[\w.:@/+=-]{1,128}$/;
const ids = new WeakMap<IncomingMessage, string>();

export function requestIdOf(req: IncomingMessage): string {
  let id = ids.get(req);
  if (!id) {
    const given = req.headers['x-request-id'];
    id = typeof given === 'string' && SANE.test(given) ? given : randomUUID();
    ids.set(req, id);
  }
  return id;
}

export function requestId(): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Request-Id', requestIdOf(req));
    next();
  };
}
