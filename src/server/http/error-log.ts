import { stdSerializers } from 'pino';

/**
 * Where Drizzle's message for a failed query (DrizzleQueryError) turns from the SQL to the values
 * bound to it: a customer's password hash, passport number, form answers, a staff search.
 */
const PARAMS_MARK = '\nparams:';

/** The fields of a failed query and of the database's refusal that name no customer's data. */
const SAFE_FIELDS = ['query', 'code', 'table', 'column', 'constraint'] as const;

/** An error's message without the query parameters a failed query appends to it. */
export function withoutQueryParams(message: string): string {
  const at = message.indexOf(PARAMS_MARK);
  return at === -1 ? message : message.slice(0, at);
}

type ErrorRecord = Error & Record<string, unknown>;

/** What the log writes of an error: the shape of pino's standard serializer. */
type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

function isErrorLike(value: unknown): value is ErrorRecord {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/** Drizzle's failed query: it keeps the bound values in `params` and in its message. */
function isQueryError(error: ErrorRecord): boolean {
  return typeof error.query === 'string' && 'params' in error;
}

/** The error and its causes, each once. */
function chainOf(error: unknown): ErrorRecord[] {
  const chain: ErrorRecord[] = [];
  for (let link = error; isErrorLike(link) && !chain.includes(link); link = link.cause) chain.push(link);
  return chain;
}

/**
 * One error of a chain that holds a failed query, and its causes: its type, message and stack cut
 * before the parameters, and only the fields that say what failed (the SQL, the SQLSTATE, the
 * table). The database's own error (the cause) also carries `detail`, which for a refused row is
 * the whole row ("Failing row contains …"): dropped with everything not listed.
 */
function withoutQueryData(error: ErrorRecord, [cause, ...further]: ErrorRecord[]): LoggedError {
  const message = withoutQueryParams(error.message);
  // The stack starts with the message as it was when the error was made; if it no longer does,
  // the frames cannot be told from the values and only the message is kept.
  const stack = error.stack?.replace(error.message, () => message);
  const fields = SAFE_FIELDS.filter((key) => error[key] !== undefined).map((key) => [key, error[key]]);
  return {
    type: error.constructor?.name ?? error.name,
    message,
    ...Object.fromEntries(fields),
    stack: stack === undefined || stack.includes(PARAMS_MARK) ? message : stack,
    ...(cause ? { cause: withoutQueryData(cause, further) } : {}),
  };
}

/**
 * The log's `err` serializer: Fastify's own (pino's), except for an error that is or was caused by
 * a failed query, whose parameters Fastify's would write out twice (the message and `params`).
 * Such a chain is written link by link, each the next one's `cause`.
 */
export function errorForLog(error: Error): LoggedError {
  const chain = chainOf(error);
  if (!chain.some(isQueryError)) return stdSerializers.err(error);
  return withoutQueryData(error as ErrorRecord, chain.slice(1));
}
