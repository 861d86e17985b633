/** One thing the server closes as it stops: its name (for the log) and how. */
export type CloseStep = readonly [name: string, close: () => Promise<unknown>];

/**
 * Closes the server's parts in stages: the steps of one stage side by side (none waits for
 * another), the stages in turn. A step that throws is logged and the others still run (the
 * database is closed even when the app's close failed, so PGlite flushes its files); the answer is
 * the process's exit code, 1 when any step failed, so a supervisor sees the stop was not clean.
 */
export async function shutDown(
  stages: readonly (readonly CloseStep[])[],
  log: { error(details: object, message: string): void },
): Promise<0 | 1> {
  let code: 0 | 1 = 0;
  for (const stage of stages) {
    await Promise.all(
      stage.map(async ([name, close]) => {
        try {
          await close();
        } catch (err) {
          code = 1;
          log.error({ err }, `shutting down: closing the ${name} failed`);
        }
      }),
    );
  }
  return code;
}
