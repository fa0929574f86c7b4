import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api';

/**
 * Puts a server validation error on its field when the form has that field, and returns the
 * sentence to show at form level otherwise.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (error instanceof ApiError && error.field && fields.includes(error.field)) {
    setError(error.field as Path<T>, { type: 'server', message: error.userMessage });
    return null;
  }
  return errorMessage(error);
}
