import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import type { AnswerField } from '../../../../domain/forms/definition.ts';
import { useEngine } from './engine-context.ts';
import { describedBy, fieldIds } from './field-shell.tsx';

/** One field's value and state in the form, its element ids and the ARIA that ties them. */
export function useAnswer(field: AnswerField) {
  const engine = useEngine();
  const { field: input, fieldState } = useController({ name: field.key, control: engine.control });
  const ids = fieldIds(engine.idPrefix, field.key);
  const error = fieldState.error?.message;
  // A message clears as soon as the answer is fixed, not only when the field is left.
  const onChange = (value: unknown) => {
    input.onChange(value);
    if (error) engine.recheck(field.key);
  };
  return {
    engine,
    input: { ...input, onChange },
    error,
    ids,
    aria: describedBy(field, ids, error, engine.notes[field.key]),
  };
}

const sameValue = (a: unknown, b: unknown) => Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);

/**
 * What is typed for a value stored otherwise (a number, cents, a phone's parts): the typing is
 * kept as it is ('12.' on the way to '12.5') and the stored value follows it; a stored value
 * changed from outside (a reset, a saved draft) rewrites what is shown.
 */
export function useTypedText<V, T>(value: V, format: (value: V) => T, parse: (typed: T) => V) {
  const [typed, setTyped] = useState(() => format(value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the stored value changes.
  useEffect(() => {
    if (!sameValue(parse(typed), value)) setTyped(format(value));
  }, [value]);
  return [typed, setTyped] as const;
}
