import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A choice (a checkbox, a radio) saved to the server as soon as it is made, and the value to show
 * while it is saved. react-query tells the component about a started mutation a macrotask later
 * (its notify manager batches with `setTimeout(0)`), and in between React puts a controlled box
 * back as the last render had it: the tick flicked off under the finger, and a second tap on a
 * slow phone undid the first. The clicked value is kept in React state from the event on, until
 * the rendered mutation carries it.
 */
export function useChoiceSave<V>(
  mutation: Pick<UseMutationResult<unknown, unknown, V>, 'mutate' | 'isPending' | 'variables'>,
) {
  const [clicked, setClicked] = useState<V | undefined>(undefined);
  const sending =
    clicked !== undefined && clicked !== mutation.variables
      ? clicked
      : mutation.isPending
        ? mutation.variables
        : undefined;
  return {
    /** The choice being saved, or undefined when none is. */
    sending,
    /** A choice is being saved (from the click on). */
    saving: sending !== undefined,
    save(value: V) {
      setClicked(value);
      mutation.mutate(value);
    },
  };
}
