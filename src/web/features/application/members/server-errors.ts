import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';

/** A member's field in an answer's `errors`: 'fullName' (one member) or 'members.2.fullName' (the start's list). */
const MEMBER_FIELD_KEY = /^(members\.\d+\.)?(fullName|dateOfBirth|relationship|kind)$/;

/**
 * Puts a refused call's member field messages (the envelope's `errors`) on their fields and
 * answers what is left to say above the form: the message of a key no field shows, else the
 * server's message, else `fallback` (or the network's message when no answer came); null when every message found its field.
 * `kind` (the date of birth and the kind disagree) is shown on the date of birth, which decides it.
 */
export function placeMemberErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fallback: string,
): string | null {
  const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
  const placed = fields.filter(([key]) => MEMBER_FIELD_KEY.test(key));
  placed.forEach(([key, message], index) => {
    const path = key.replace(/kind$/, 'dateOfBirth') as FieldPath<T>;
    setError(path, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  const elsewhere = fields.find(([key]) => !MEMBER_FIELD_KEY.test(key));
  if (elsewhere) return elsewhere[1];
  if (placed.length > 0) return null;
  // No answer came: say so (the connection), not that something was refused.
  return error instanceof ApiError && error.status === 0 ? error.message : errorMessage(error, fallback);
}
