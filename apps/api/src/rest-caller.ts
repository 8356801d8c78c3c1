// REST handlers call procedures through createCaller with the same context as tRPC requests.
import type { Request, Response } from 'express';
import { createCallerFactory } from './trpc.ts';
import { appRouter } from './router.ts';
import type { Context } from './trpc.ts';

const createCaller = createCallerFactory(appRouter);
export type CallerFor = (req: Request, res: Response) => ReturnType<typeof createCaller>;

export function callerFactory(contextFor: (req: Request, res: Response) => Context): CallerFor {
  return (req, res) => createCaller(contextFor(req, res));
}
