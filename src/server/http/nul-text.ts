import { badParameter, fieldError } from './app-error.js';

/**
 * A JSON body whose text holds the NUL character (`\u0000`) is refused (1001, 10010004 on the
 * field): no field means it, and PostgreSQL cannot store it in text (it answered 500 there).
 */

type Done = (error: Error | null, body?: unknown) => void;

/** The dotted path of the first string (value or key) holding NUL, walked without recursion (bodies may nest deeply). */
export function nulField(body: unknown): string | undefined {
  const pending: [unknown, string][] = [[body, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, inner] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (key.includes('\u0000')) return at;
      pending.push([inner, at]);
    }
  }
  return undefined;
}

/** The parser's `done`, refusing a parsed body with NUL in a string; `text` is the body as sent. */
export function refusingNulText(text: string, done: Done): Done {
  // Only an escape can put NUL into a parsed string (JSON forbids it raw), so most bodies skip the walk.
  if (!text.includes('\\u0000')) return done;
  return (error, body) => {
    const field = error === null ? nulField(body) : undefined;
    if (field === undefined) done(error, body);
    else done(badParameter([fieldError(field, 10010004)]));
  };
}
