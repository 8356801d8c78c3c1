// The release, read from the API package's package.json (the OpenAPI document's info.version).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const APP_VERSION: string = (require('../package.json') as { version: string }).version;
