import { type ParameterChoices, SERVICE_PARAMETERS } from '../../../../domain/catalog/parameters.ts';
import * as keys from '../../../lib/start-key.ts';

/**
 * The idempotency key of "Start the forms" (docs/decisions/0048, 0052): one per chosen package
 * and countries in this tab (src/web/lib/start-key.ts keeps it).
 */

export interface StartChoice {
  id: number;
  choices: ParameterChoices;
}

const PREFIX = 'sevadocs-start:';

/** One chosen package with its countries, as the keys of this tab's storage name it. */
export function choiceKey({ id, choices }: StartChoice): string {
  return `${id}:${SERVICE_PARAMETERS.map((p) => choices[p] ?? '').join('-')}`;
}

const storageKey = (choice: StartChoice) => `${PREFIX}${choiceKey(choice)}`;

/** The key to start `choice` with: the waiting one, else a new one (stored before it is sent). */
export const startKeyFor = (choice: StartChoice): string => keys.startKeyFor(storageKey(choice));
/** The key started `ref`: the next start of this choice is a new application. */
export const markStarted = (choice: StartChoice, key: string, ref: string): void =>
  keys.markStarted(storageKey(choice), key, ref);
/** The server refused the key (used for another choice): forget it so the next try makes a new one. */
export const forgetStartKey = (choice: StartChoice): void => keys.forgetStartKey(storageKey(choice));
/** The order this tab already started for `choice`, if any (shown as "continue it"). */
export const startedOrderFor = (choice: StartChoice): string | null => keys.startedOrderFor(storageKey(choice));
