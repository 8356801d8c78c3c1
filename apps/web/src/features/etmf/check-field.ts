// One field checked with its contracts schema (the server checks it with the same one): the first
// issue's message, or the dialog's own translated message when the value is missing or too short.
import type { z } from 'zod';

export function checkField(schema: z.ZodType, value: unknown, missing?: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue?.code === 'too_small' && missing ? missing : (issue?.message ?? missing);
}
