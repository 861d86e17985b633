import { countryName } from '../countries/names.ts';
import { SERVICE_PARAMETERS, type ServiceParameter } from './parameters.ts';

/** Parameter names split into words, as SPEC.md §5 words them ('applyingFrom' → 'Applying From'). */
export function parameterLabel(parameter: ServiceParameter | string): string {
  const words = parameter.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An order's country choices as people read them ('Applying From: United States'), in the parameters' order. */
export function choiceLines(choices: Partial<Record<string, string>>): string[] {
  return SERVICE_PARAMETERS.flatMap((parameter) => {
    const code = choices[parameter];
    return code ? [`${parameterLabel(parameter)}: ${countryName(code)}`] : [];
  });
}
