import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { Assignment, type AssignmentsAnswer } from '../shared/calls/agent-work.js';
import type { Scheduler } from './scheduler.js';

/**
 * The node's assignments as the agent holds them: in the scheduler, and cached on disk so an agent
 * that restarts while the server is away keeps probing. An assignment new to the agent (or a new
 * version of one) runs once soon (the scheduler spreads a round of them over a few seconds), then
 * on its phase; a restart does not re-run the cached set.
 */

export interface ScheduledAssignment {
  taskId: number;
  /** The scheduler's period unit is a minute; tests and benchmarks may shorten the minute. */
  frequencyMinutes: number;
  assignment: Assignment;
}

const CachedAssignments = z.object({ version: z.number().int().min(0), assignments: z.array(Assignment) });

export interface AssignmentBookOptions {
  scheduler: Scheduler<ScheduledAssignment>;
  /** Where the set is cached; none keeps it in memory only. */
  cacheFile?: string;
  /** Length of a minute in ms (60,000 in the product). */
  minuteMs?: number;
}

export class AssignmentBook {
  private readonly held = new Map<number, Assignment>();
  /** The server's assignment version this set reflects (0: none yet). */
  version = 0;

  constructor(private readonly options: AssignmentBookOptions) {}

  get size(): number {
    return this.held.size;
  }

  /** Loads the cached set into the scheduler (no immediate runs); false when there is none. */
  loadCache(): boolean {
    const file = this.options.cacheFile;
    if (!file) return false;
    let cached: z.infer<typeof CachedAssignments>;
    try {
      cached = CachedAssignments.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      return false;
    }
    for (const assignment of cached.assignments) this.hold(assignment);
    this.version = cached.version;
    return true;
  }

  /** Applies the server's answer; answers the assignments taken (to acknowledge). */
  apply(answer: AssignmentsAnswer): Assignment[] {
    if (answer.full) {
      const keep = new Set(answer.assignments.map((assignment) => assignment.taskId));
      for (const taskId of [...this.held.keys()]) if (!keep.has(taskId)) this.drop(taskId);
    }
    for (const taskId of answer.removed) this.drop(taskId);
    const fresh = answer.assignments.filter((assignment) => this.held.get(assignment.taskId)?.taskVersion !== assignment.taskVersion);
    for (const assignment of answer.assignments) this.hold(assignment);
    this.options.scheduler.runSoon(fresh.map((assignment) => this.scheduled(assignment)));
    this.version = answer.version;
    this.saveCache();
    return answer.assignments;
  }

  /** Forgets every assignment (in the scheduler too) and the version, without touching the cache file. */
  reset(): void {
    for (const taskId of [...this.held.keys()]) this.drop(taskId);
    this.version = 0;
  }

  private hold(assignment: Assignment): void {
    this.held.set(assignment.taskId, assignment);
    this.options.scheduler.upsert(this.scheduled(assignment));
  }

  private scheduled(assignment: Assignment): ScheduledAssignment {
    const minuteMs = this.options.minuteMs ?? 60_000;
    return { taskId: assignment.taskId, frequencyMinutes: (assignment.frequencyMinutes * minuteMs) / 60_000, assignment };
  }

  private drop(taskId: number): void {
    this.held.delete(taskId);
    this.options.scheduler.remove(taskId);
  }

  private saveCache(): void {
    const file = this.options.cacheFile;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.tmp`;
    writeFileSync(temporary, JSON.stringify({ version: this.version, assignments: [...this.held.values()] }));
    renameSync(temporary, file);
  }
}
