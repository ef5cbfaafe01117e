// How a call is reached, without its schemas: what the console's first screen needs of the call
// table (call-routes.ts), kept free of zod so the schemas load only with the screens that use them.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Default base API on the console's own origin. */
export const API_BASE = '/api';

/** A call as a client reaches it: its method and path, and whether the console shows it. */
export interface CallRoute {
  method: HttpMethod;
  /** Path under the base API; a `{name}` segment is filled from the body's field of that name. */
  path: string;
  /** Changes data (see CallDefinition.mutation). */
  mutation?: true;
  /** No progress bar and no notice for HTTP errors (see CallDefinition.silent). */
  silent?: true;
  /** Sent as multipart with the file in the part `field` (see CallDefinition.upload). */
  upload?: { field: string; maxBytes: number };
  /** Answers a file instead of the envelope (see CallDefinition.answersFile). */
  answersFile?: true;
}

const PATH_PARAM = /\{(\w+)\}/g;

/** The names of a call path's `{name}` parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] ?? '');
}

/** The call's path with each `{name}` replaced by the body's value of that field (URL-encoded). */
export function callUrlPath(path: string, body: unknown): string {
  const values = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return path.replace(PATH_PARAM, (_whole, name: string) => encodeURIComponent(String(values[name] ?? '')));
}
