export { createApp, type AppDeps } from './app.ts';
export { parseConfig, type Config } from './config.ts';
export { createLogger } from './logger.ts';
export type { AppRouter } from './router.ts';
