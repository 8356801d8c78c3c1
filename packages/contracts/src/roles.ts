// The role schema over the roles and permission matrix of permissions.ts (kept free of zod there, so
// that a page needing only `can` does not load zod).
import { z } from 'zod';
import { ROLES } from './permissions.ts';

export * from './permissions.ts';
export const role = z.enum(ROLES);
