/** SPEC.md §8: shown when a service has no packages to offer. */
export function noPackagesMessage(serviceName: string): string {
  return `Currently no packages are available for ${serviceName}`;
}
