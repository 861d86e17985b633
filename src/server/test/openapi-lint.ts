import { createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * Redocly's `recommended` ruleset over an OpenAPI document (issue 33 §2): the problems it finds,
 * each as `severity rule at pointer: message`, the way `redocly lint` would list them.
 */
export async function lintOpenApi(document: unknown): Promise<{ errors: string[]; warnings: string[] }> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: '/openapi.json',
    config,
  });
  const lines = (severity: string) =>
    problems
      .filter((problem) => problem.severity === severity)
      .map(
        (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '#'}: ${problem.message.split('\n')[0]}`,
      );
  return { errors: lines('error'), warnings: lines('warn') };
}
