/** What a public form's service answers: the stored result, or a failure a person can read. */
export type FormResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string> };

export function formFailure(status: number, message: string, errors?: Record<string, string>): FormResult<never> {
  return errors ? { ok: false, status, message, errors } : { ok: false, status, message };
}
