// Reads a tRPC error the way forms need it: its code (CONFLICT, PRECONDITION_FAILED ...), the server's
// message and, for bad input, the field-level issues the API's error formatter flattens.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export interface ServerError {
  code: string | undefined;
  message: string;
  fieldErrors: Record<string, string[] | undefined>;
}

export function serverError(error: unknown): ServerError {
  const e = error as {
    message?: string;
    data?: { code?: string; fieldErrors?: Record<string, string[] | undefined> };
  } | null;
  return {
    code: e?.data?.code,
    message: e?.message ?? String(error),
    fieldErrors: e?.data?.fieldErrors ?? {},
  };
}

/**
 * Puts the server's field issues on the form's fields (`fieldMap` renames server paths to form paths;
 * an update's `changes.title` lands on `title`) and returns what is left to show above the buttons, or
 * null when every issue found its field. The fields show the server's English through translateValidation.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: ServerError,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fieldMap: Record<string, string> = {},
): string | null {
  let placed = false;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const name = fieldMap[key] ?? key.replace(/^changes\./, '');
    if (messages?.length && fields.includes(name)) {
      setError(name as Path<T>, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  return placed ? null : error.message;
}

export const errorCode = (error: unknown) => serverError(error).code;
export const isConflict = (error: unknown) => errorCode(error) === 'CONFLICT';
/** NOT_FOUND, or a malformed id the server refuses before looking (both mean: nothing to show). */
export const isNotFound = (error: unknown) => ['NOT_FOUND', 'BAD_REQUEST'].includes(errorCode(error) ?? '');

/**
 * For forms that show one message at their root: field issues land on their fields (update paths like
 * `changes.title` on `title`), anything else becomes the form's root error. The inputs are kept.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const rest = applyFieldErrors(serverError(error), setError, fields);
  if (rest) setError('root.server' as Path<T>, { type: 'server', message: rest });
}

/** What a form's notice shows: a stale-version refusal kept in state, else the message at the form's root. */
export function formWriteError(conflict: ServerError | null, rootMessage: string | undefined) {
  return conflict ?? (rootMessage ? { code: undefined, message: rootMessage } : null);
}
