// The CORE rules shipped with the product (rules/: CDISC's engine rules cache export for SDTMIG 3.4, MIT
// licence), read as data: a newer export replaces the file, no rule is translated by hand.
import { readFileSync } from 'node:fs';
import type { CoreRule } from './types.ts';

let sdtmig34: CoreRule[] | undefined;

export function sdtmigRules(): CoreRule[] {
  sdtmig34 ??= JSON.parse(readFileSync(new URL('./rules/core-rules-sdtmig-3-4.json', import.meta.url), 'utf8')) as CoreRule[];
  return sdtmig34;
}
