// The answers of /api/rest (simple-rest's convention, server/resources/rest.ts), where the
// default DataProvider reads and writes one record: the JSON bare, no envelope, and errors as
// {statusCode, message, errors}, the HTTP status the same. Routes of fakeApi answer them.
import type { Reply } from './fakeApi';

export interface RestError {
  statusCode: number;
  message: string;
  /** Field -> what is wrong with it (a 400). */
  errors?: Record<string, string>;
}

/** A body of /api/rest: the record(s) themselves, or its error (RestError). */
export type RestBody = object;

/** A record (or records) as /api/rest answers it. */
export const bare = (data: object): Reply => ({ status: 200, body: data });

/** An error as /api/rest answers it. */
export const restFail = (status: number, message: string, errors?: Record<string, string>): Reply => ({
  status,
  body: { statusCode: status, message, ...(errors ? { errors } : {}) } satisfies RestError,
});
