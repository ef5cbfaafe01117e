import { AGENT_BATCH_MAX, type Assignment } from '../shared/calls/agent-work.js';
import type { AgentRegisterAnswer, AgentRegisterBody, SelfCheck } from '../shared/calls/agent.js';
import type { AssignmentBook } from './assignments.js';
import { backoffDelay, type BackoffPolicy, DEFAULT_BACKOFF, sleep } from './backoff.js';
import { errorText, type AgentLogger } from './log.js';
import { KeyRefusedError, type Transport, TransportError } from './transport.js';

/**
 * The agent's standing with the server: register (retrying until the server answers), then a
 * heartbeat with a self-check every interval; when the heartbeat's assignment version differs from
 * the one held, pull the changes, take them, and acknowledge them (until the server has the acks).
 */

export interface SyncOptions {
  transport: Transport;
  logger: AgentLogger;
  book: AssignmentBook;
  announce: () => Promise<AgentRegisterBody>;
  /** Runs the self-check against what the node's registration named (its DNS server). */
  selfCheck: (registered: AgentRegisterAnswer) => Promise<SelfCheck>;
  onRegistered: (answer: AgentRegisterAnswer) => void;
  onKeyRefused: (error: KeyRefusedError) => void;
  /** Overrides the server's heartbeat interval (tests). */
  heartbeatMs?: number;
  backoff?: BackoffPolicy;
}

export class Sync {
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private readonly unacknowledged = new Map<number, number>();
  private heartbeatMs = 30_000;
  private heartbeatFailures = 0;
  private lastSelfCheckVerdict: string | undefined;
  /** Assignments pulled once from the server since start (the first pull is always the full set). */
  private pulledOnce = false;
  registered: AgentRegisterAnswer | null = null;

  constructor(private readonly options: SyncOptions) {}

  start(): void {
    this.loop ??= this.run().catch((error: unknown) => {
      if (error instanceof KeyRefusedError) this.options.onKeyRefused(error);
      else if (!this.stopped) this.options.logger.error('sync_stopped', { error: errorText(error) });
    });
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    const registered = await this.register();
    while (registered && !this.stopped) {
      await this.beat(registered);
      await sleep(this.heartbeatMs, this.abort.signal);
    }
  }

  private async register(): Promise<AgentRegisterAnswer | null> {
    for (let attempt = 0; !this.stopped; attempt += 1) {
      try {
        const answer = await this.options.transport.call('agentRegister', await this.options.announce(), { attempts: 1 });
        this.registered = answer;
        this.heartbeatMs = this.options.heartbeatMs ?? answer.heartbeatSeconds * 1000;
        this.options.onRegistered(answer);
        return answer;
      } catch (error) {
        if (error instanceof KeyRefusedError) throw error;
        if (attempt === 0) this.logFailure('register_failing', error);
        await sleep(backoffDelay(attempt, this.options.backoff ?? DEFAULT_BACKOFF), this.abort.signal);
      }
    }
    return null;
  }

  private async beat(registered: AgentRegisterAnswer): Promise<void> {
    try {
      const selfCheck = await this.options.selfCheck(registered);
      this.noteSelfCheck(selfCheck);
      const answer = await this.options.transport.call('agentHeartbeat', { selfCheck }, { attempts: 2 });
      if (this.heartbeatFailures > 0) this.options.logger.info('heartbeat_resumed', { afterFailures: this.heartbeatFailures });
      this.heartbeatFailures = 0;
      const changed = !this.pulledOnce || answer.assignmentsVersion !== this.options.book.version;
      if (changed) await this.pull();
      if (this.unacknowledged.size > 0) await this.acknowledge();
    } catch (error) {
      if (error instanceof KeyRefusedError) throw error;
      if (this.heartbeatFailures === 0) this.logFailure('heartbeat_failing', error);
      this.heartbeatFailures += 1;
    }
  }

  /**
   * Only a refused key ends the loop. The server or the network being away is a warning; anything
   * else (a cache file that cannot be written, a bug) is logged as an error and tried again at the
   * next beat, since a sync loop that ended would leave a live process that no longer reports.
   */
  private logFailure(event: string, error: unknown): void {
    if (isTransient(error)) this.options.logger.warn(event, { error: errorText(error) });
    else this.options.logger.error(event, { error: errorText(error) });
  }

  /** Logs a self-check whose verdict differs from the last one's (failed, node DNS, reference loss). */
  private noteSelfCheck(selfCheck: SelfCheck): void {
    const { ok, loopbackRttMs, dnsOk, toolErrors, nodeDnsOk = null, referenceLossPct = null } = selfCheck;
    const verdict = `${ok}/${nodeDnsOk}/${referenceLossPct}`;
    if (verdict === this.lastSelfCheckVerdict) return;
    this.lastSelfCheckVerdict = verdict;
    this.options.logger[ok ? 'info' : 'warn']('self_check', { ok, loopbackRttMs, dnsOk, toolErrors, nodeDnsOk, referenceLossPct });
  }

  /** The first pull after start asks for the whole set, so versions taken before a crash are acknowledged again. */
  private async pull(): Promise<void> {
    const sinceVersion = this.pulledOnce ? this.options.book.version : 0;
    const answer = await this.options.transport.call('agentAssignments', { sinceVersion }, { attempts: 2 });
    const taken: Assignment[] = this.options.book.apply(answer);
    this.pulledOnce = true;
    for (const assignment of taken) this.unacknowledged.set(assignment.taskId, assignment.taskVersion);
    for (const taskId of answer.removed) this.unacknowledged.delete(taskId);
    this.options.logger.info('assignments', {
      version: answer.version,
      full: answer.full,
      changed: answer.assignments.length,
      removed: answer.removed.length,
      held: this.options.book.size,
    });
  }

  private async acknowledge(): Promise<void> {
    const acks = [...this.unacknowledged].map(([taskId, taskVersion]) => ({ taskId, taskVersion }));
    for (let start = 0; start < acks.length; start += AGENT_BATCH_MAX) {
      const chunk = acks.slice(start, start + AGENT_BATCH_MAX);
      await this.options.transport.call('agentAcknowledge', { acks: chunk }, { attempts: 2 });
      for (const ack of chunk) {
        if (this.unacknowledged.get(ack.taskId) === ack.taskVersion) this.unacknowledged.delete(ack.taskId);
      }
    }
  }
}

/** Worth waiting out: the server is away, busy, or not yet serving this call. */
export function isTransient(error: unknown): boolean {
  if (error instanceof KeyRefusedError) return false;
  return error instanceof TransportError;
}
