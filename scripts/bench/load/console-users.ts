// Console users for the load figure: each signs in once, then polls the task list and the overview
// as an open console does (the list on its shortest auto-refresh, the overview on its own refresh),
// spread over the period so the users do not all ask in the same millisecond.
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { DEFAULT_PAGE_SIZE } from '../../../src/shared/constants.js';

export interface UserLoad {
  users: number;
  /** Each user's list poll period (the console's shortest auto-refresh, 10 s). */
  listEveryMs: number;
  overviewEveryMs: number;
}

export interface Polled {
  latenciesMs: number[];
  /** The same latencies by call (`list`, `overview`), to say which one is slow. */
  byCall: Record<string, number[]>;
  errors: number;
  calls: number;
  /** The first few refusals or failures as text, to say what went wrong. */
  errorSamples: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(url: string, token: string | undefined, body: unknown): Promise<{ ok: boolean; text: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await answer.text();
  const ok = answer.ok && (JSON.parse(text) as { status?: unknown }).status === true;
  return { ok, text };
}

export async function signIn(baseUrl: string, account: string, password: string): Promise<string> {
  const { ok, text } = await post(`${baseUrl}/api/auth/login`, undefined, { account, password });
  if (!ok) throw new Error(`sign-in failed: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { data: { token: string } }).data.token;
}

/** Runs every user's polls against its instance (users alternate between `baseUrls`) until `untilMs` (epoch). */
export async function pollAsUsers(baseUrls: readonly string[], tokens: readonly string[], load: UserLoad, untilMs: number): Promise<Polled> {
  const polled: Polled = { latenciesMs: [], byCall: {}, errors: 0, calls: 0, errorSamples: [] };
  const call = async (name: string, url: string, token: string, body: unknown) => {
    const started = performance.now();
    try {
      const { ok, text } = await post(url, token, body);
      const ms = performance.now() - started;
      polled.latenciesMs.push(ms);
      (polled.byCall[name] ??= []).push(ms);
      if (!ok) noteError(polled, text.slice(0, 200));
    } catch (error) {
      noteError(polled, error instanceof Error ? error.message : String(error));
    }
    polled.calls += 1;
  };
  const loop = async (everyMs: number, offsetMs: number, poll: () => Promise<void>) => {
    await sleep(offsetMs);
    while (Date.now() < untilMs) {
      const next = Date.now() + everyMs;
      await poll();
      await sleep(Math.max(0, Math.min(next, untilMs) - Date.now()));
    }
  };
  await Promise.all(
    tokens.flatMap((token, index) => {
      const base = baseUrls[index % baseUrls.length] ?? '';
      const spread = (everyMs: number) => Math.floor((index / tokens.length) * everyMs);
      return [
        loop(load.listEveryMs, spread(load.listEveryMs), () => call('list', `${base}/api/domain/list`, token, { type: MONITOR_TYPES.HTTP, page: 1, pageSize: DEFAULT_PAGE_SIZE, hours: 1 })),
        loop(load.overviewEveryMs, spread(load.overviewEveryMs), () => call('overview', `${base}/api/domain/overview`, token, { hours: 1 })),
      ];
    }),
  );
  return polled;
}

function noteError(polled: Polled, text: string): void {
  polled.errors += 1;
  if (polled.errorSamples.length < 5) polled.errorSamples.push(text);
}
