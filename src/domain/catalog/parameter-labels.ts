import type { ServiceParameter } from './parameters.ts';

/** Parameter names split into words, as SPEC.md §5 words them ('applyingFrom' → 'Applying From'). */
export function parameterLabel(parameter: ServiceParameter | string): string {
  const words = parameter.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
