import type { CallDefinition } from './define.js';
import type { CallRoute } from './paths.js';

/** What a client needs of a call definition: method, path and the flags that are set. */
export function routeOf(call: CallDefinition): CallRoute {
  return {
    method: call.method,
    path: call.path,
    ...(call.mutation ? { mutation: true as const } : {}),
    ...(call.silent ? { silent: true as const } : {}),
    ...(call.upload ? { upload: { field: call.upload.field, maxBytes: call.upload.maxBytes } } : {}),
    ...(call.answersFile ? { answersFile: true as const } : {}),
  };
}
