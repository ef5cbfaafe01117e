import { z } from 'zod';
import type { TaskArea } from '../roles.js';
import type { HttpMethod } from './paths.js';

export { callUrlPath, pathParamNames, type HttpMethod } from './paths.js';

/**
 * Who may make a call: anyone, a signed-in session, the management platform (shared secret), or a
 * probe agent (node key).
 */
export type CallAccess = 'public' | 'session' | 'platform' | 'agent';

export interface CallDefinition<Body extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /**
   * Path under the base API, as spec §7 writes it. A `{name}` segment is a path parameter: its value
   * is a field of the body schema, filled into the URL by the caller and merged into the body
   * (the path winning) by the server before validation.
   */
  path: string;
  summary: string;
  body: Body;
  answer: Answer;
  access: CallAccess;
  /** Changes data: refused while an administrator is browsing a customer. */
  mutation: boolean;
  /** Task area whose privilege the call needs. */
  area?: TaskArea;
  /**
   * Whether an API key (`Authorization: Bearer vgk_…`) may make this session call; see
   * `acceptsApiKey` for the default. `false` keeps an area call session-only.
   */
  apiKey?: boolean;
  /** The console shows no progress bar (and no notification for HTTP errors) for it. */
  silent?: boolean;
  /** Largest request body of this call when it differs from the server's general limit. */
  bodyLimitBytes?: number;
  /**
   * The call takes `multipart/form-data` with one file part named `field` (at most `maxBytes`;
   * more is refused while it streams in) and its other parts as the body's text fields. The
   * handler gets the file as `CallInput.upload`.
   */
  upload?: UploadSpec;
  /**
   * The call answers a file (its bytes with Content-Type and an attachment Content-Disposition)
   * instead of the envelope; its answer schema is `FileAnswer`. Refusals are envelopes as always.
   */
  answersFile?: true;
}

export interface UploadSpec {
  field: string;
  maxBytes: number;
}

/** A file a call answers with `answersFile`. */
export const FileAnswer = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  bytes: z.instanceof(Uint8Array),
});
export type FileAnswer = z.infer<typeof FileAnswer>;

export const NoBody = z.object({}).strict().optional();
export const NoAnswer = z.null();

/**
 * A key acts for its customer on the customer's data, which is what task areas guard: by default a
 * session call with a task area accepts keys and every other call refuses them (sign-in and the
 * session, the profile and password, the user's inbox and devices, the API keys themselves,
 * administrators' calls), so a new call without an area is session-only until it says otherwise.
 */
export function acceptsApiKey(call: Pick<CallDefinition, 'access' | 'area' | 'apiKey'>): boolean {
  return call.access === 'session' && (call.apiKey ?? call.area !== undefined);
}

/** The console makes the calls of anyone and of a signed-in session; the platform's and the agents' are made elsewhere. */
export function isConsoleCall(call: Pick<CallDefinition, 'access'>): boolean {
  return call.access === 'public' || call.access === 'session';
}

export function defineCall<Body extends z.ZodType, Answer extends z.ZodType>(
  definition: CallDefinition<Body, Answer>,
): CallDefinition<Body, Answer> {
  return definition;
}

export type CallBody<C> = C extends CallDefinition<infer Body, z.ZodType> ? z.input<Body> : never;
export type CallAnswer<C> = C extends CallDefinition<z.ZodType, infer Answer> ? z.output<Answer> : never;
