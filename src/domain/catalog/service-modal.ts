import { parameterLabel } from './parameter-labels.ts';
import { type ParameterChoices, SERVICE_PARAMETERS, type ServiceParameter } from './parameters.ts';

/** SPEC.md §5 service modal messages, verbatim. */
export const SERVICE_MODAL_MESSAGES = {
  required: (parameter: ServiceParameter | string) => `${parameterLabel(parameter)} is required`,
  sameCountry: 'Applying From and Destination cannot be the same',
  applyNow: 'Apply Now',
} as const;

/** SPEC.md §2: the modal's title. */
export function serviceModalTitle(serviceName: string): string {
  return `${serviceName} Service`;
}

/**
 * SPEC.md §5: every parameter of the service is required; applyingFrom and destination must
 * differ. Answers one message per failing parameter (empty when the choices are valid).
 */
export function validateServiceChoices(
  parameters: readonly ServiceParameter[],
  choices: ParameterChoices,
): Partial<Record<ServiceParameter, string>> {
  const errors: Partial<Record<ServiceParameter, string>> = {};
  for (const parameter of SERVICE_PARAMETERS) {
    if (parameters.includes(parameter) && !choices[parameter]?.trim()) {
      errors[parameter] = SERVICE_MODAL_MESSAGES.required(parameter);
    }
  }
  if (
    !errors.applyingFrom &&
    !errors.destination &&
    choices.applyingFrom &&
    choices.destination &&
    choices.applyingFrom.toUpperCase() === choices.destination.toUpperCase()
  ) {
    errors.destination = SERVICE_MODAL_MESSAGES.sameCountry;
  }
  return errors;
}
