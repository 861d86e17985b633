/** DESIGN.md §1: every JSON response, success or error, has this shape. */
export interface Envelope<T = unknown> {
  isSuccess: boolean;
  statusCode: number;
  message: string;
  data: T;
  errors?: Record<string, string>;
}

export interface ListData<T> {
  results: T[];
  totalCount: number;
  page: number;
  limit: number;
}

export function ok<T>(data: T, message = 'Success', statusCode = 200): Envelope<T> {
  return { isSuccess: true, statusCode, message, data };
}

export function fail(statusCode: number, message: string, errors?: Record<string, string>): Envelope<null> {
  return errors
    ? { isSuccess: false, statusCode, message, data: null, errors }
    : { isSuccess: false, statusCode, message, data: null };
}
