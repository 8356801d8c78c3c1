// Reading a tRPC error the way the forms need it: its code, its per-field messages, its text.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

interface TrpcErrorLike {
  message: string;
  data?: { code?: string; httpStatus?: number; fieldErrors?: Record<string, string[] | undefined> } | null;
}

export function errorCode(error: unknown): string | undefined {
  return (error as TrpcErrorLike | null)?.data?.code ?? undefined;
}

export const isConflict = (error: unknown) => errorCode(error) === 'CONFLICT';
/** NOT_FOUND, or a malformed id the server refuses before looking (both mean: nothing to show). */
export const isNotFound = (error: unknown) => ['NOT_FOUND', 'BAD_REQUEST'].includes(errorCode(error) ?? '');

/**
 * Puts the server's field errors on the form's fields (paths like `changes.title` land on `title`);
 * anything else goes to the form's root error. The inputs are kept either way.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const e = error as TrpcErrorLike;
  let placed = false;
  for (const [path, messages] of Object.entries(e.data?.fieldErrors ?? {})) {
    const field = path.replace(/^changes\./, '');
    if (messages?.length && fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  if (!placed) setError('root.server' as Path<T>, { type: 'server', message: e.message });
}
