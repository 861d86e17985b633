/** The named fields of a posted form as strings (files and missing fields become ''). */
export function formValues<const K extends string>(form: FormData, fields: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** What a form action answers when a post is refused: the messages and what was typed, so nothing is lost. */
export interface FormRejection<K extends string> {
  ok: false;
  message: string;
  errors: Partial<Record<K | 'form', string>>;
  values: Record<K, string>;
}
