/** SPEC.md §3: the parameters a service can ask for, in URL order (applyingFrom, citizenship, destination). */
export const SERVICE_PARAMETERS = ['applyingFrom', 'citizenship', 'destination'] as const;
export type ServiceParameter = (typeof SERVICE_PARAMETERS)[number];

export type ParameterChoices = Partial<Record<ServiceParameter, string>>;

/** The choices with their parameters in URL order (jsonb keeps keys shortest first), so two equal ones compare equal. */
export function choicesInUrlOrder(choices: ParameterChoices): ParameterChoices {
  return Object.fromEntries(SERVICE_PARAMETERS.flatMap((p) => (choices[p] ? [[p, choices[p]]] : [])));
}

export function isServiceParameter(value: string): value is ServiceParameter {
  return (SERVICE_PARAMETERS as readonly string[]).includes(value);
}
