import type { Db } from '../db/connection.js';
import { SETTLING_MS } from './late-writes.js';
import { MINUTE_MS, STEP_MS, type Piece, type Tier } from './range-pieces.js';
import { BUCKET_TIERS, type Bucket, type BucketRow, type RawMinuteRow, type SumsRow } from './range-repo.js';

/*
 * The per-task sums of settled rollup buckets and the raw results of settled minutes (the ragged
 * edges), kept in memory per store and customer (docs/architecture.md, "Settled pieces read once").
 * A bucket or minute is settled once it ended SETTLING_MS before the reader's clock; its rows then
 * change only by a late result, which moves the customer's late-write mark (late-writes.ts), or by
 * pruning, which the kept marks keep out of every read. Kept sums are trusted only under the mark
 * value they were read under. Tasks are kept whatever their type or deletion: the fresh statement's
 * row for each task of the scope decides which are added. A task's customer never changes.
 */

/** Per task: count, successes, latency count, latency sum. */
const FIELDS = 4;
/** Per raw result of a kept minute: its task's slot, its start, successes, latency count, latency sum. */
const RAW_FIELDS = 5;
/** Bounds per store: the kept buckets' and raw minutes' arrays and task slots, in bytes, and the entries (buckets and minutes). */
export const MAX_BYTES = 64 * 1024 * 1024;
export const MAX_ENTRIES = 1024;
/** A read meeting more settled parts than this (a range of many days) is read as before, so one read never evicts its own. */
export const MAX_PARTS_PER_READ = 64;
/** What one slot of a customer's task-to-slot map is taken to cost. */
const SLOT_BYTES = 64;

/** A settled bucket of a per-task tier, or a settled minute of raw results (`raw`), and the part a read takes of it: the bucket, or for raw [from, to) inside the minute. */
export interface SettledPart {
  tier: Tier | 'raw';
  start: number;
  sign: 1 | -1;
  from: number;
  to: number;
}

/** A read's pieces: its settled parts (kept) and what is read fresh each time. */
export interface Split {
  settled: SettledPart[];
  fresh: Piece[];
}

const floorTo = (time: number, step: number) => Math.floor(time / step) * step;
const isSettled = (bucketEnd: number, now: number) => bucketEnd <= now - SETTLING_MS;

/** A raw piece cut at minutes: the parts in settled minutes are kept whole, the rest read fresh. */
function splitRaw(piece: Piece, now: number, split: Split): void {
  for (let minute = floorTo(piece.from, MINUTE_MS); minute < piece.to; minute += MINUTE_MS) {
    const part = { from: Math.max(piece.from, minute), to: Math.min(piece.to, minute + MINUTE_MS) };
    if (isSettled(minute + MINUTE_MS, now)) split.settled.push({ tier: 'raw', start: minute, sign: piece.sign ?? 1, ...part });
    else split.fresh.push({ ...piece, ...part });
  }
}

/**
 * Each rollup piece cut where its buckets stop being settled at `now` (buckets are aligned to their
 * step, so the settled ones are a leading run), raw pieces at minutes; `ahead` stays fresh. Null
 * when there are more settled parts than one read keeps.
 */
export function splitSettled(pieces: readonly Piece[], now: number): Split | null {
  const split: Split = { settled: [], fresh: [] };
  for (const piece of pieces) {
    if (piece.level === 'ahead') split.fresh.push(piece);
    else if (piece.level === 'raw') splitRaw(piece, now, split);
    else {
      const step = STEP_MS[piece.level];
      const settledTo = Math.min(piece.to, Math.max(piece.from, floorTo(now - SETTLING_MS, step)));
      for (let start = piece.from; start < settledTo; start += step) split.settled.push({ tier: piece.level, start, sign: piece.sign ?? 1, from: start, to: start + step });
      if (settledTo < piece.to) split.fresh.push({ ...piece, from: settledTo });
    }
    if (split.settled.length > MAX_PARTS_PER_READ) return null;
  }
  return split;
}

/** A customer's kept buckets share one task-to-slot map: sums of task `t` at FIELDS × slot. */
interface CustomerSums {
  custId: number;
  mark: number;
  slotOf: Map<number, number>;
  buckets: number;
}

interface Entry {
  owner: CustomerSums;
  sums: Float64Array;
}

interface StoreSums {
  customers: Map<number, CustomerSums>;
  /** By `custId:tier:start`, least recently used first. */
  entries: Map<string, Entry>;
  bytes: number;
}

/** Per store (its `Db`): tests' stores and a process's databases never share sums. */
const stores = new WeakMap<object, StoreSums>();

const keyOf = (custId: number, part: Pick<SettledPart, 'tier' | 'start'>) => `${custId}:${part.tier}:${part.start}`;

function storeOf(db: Db): StoreSums {
  let store = stores.get(db);
  if (!store) {
    store = { customers: new Map(), entries: new Map(), bytes: 0 };
    stores.set(db, store);
  }
  return store;
}

function drop(store: StoreSums, key: string, entry: Entry): void {
  store.entries.delete(key);
  store.bytes -= entry.sums.byteLength;
  entry.owner.buckets -= 1;
  if (entry.owner.buckets === 0 && store.customers.get(entry.owner.custId) === entry.owner) {
    store.customers.delete(entry.owner.custId);
    store.bytes -= entry.owner.slotOf.size * SLOT_BYTES;
  }
}

/**
 * The customer's sums under this mark: a higher mark (a late write since) drops what was kept; a
 * lower one is a snapshot older than what is kept, and gets sums of its own, kept nowhere.
 */
function customerOf(store: StoreSums, custId: number, mark: number): { customer: CustomerSums; keep: boolean } {
  const kept = store.customers.get(custId);
  if (kept && kept.mark === mark) return { customer: kept, keep: true };
  const customer: CustomerSums = { custId, mark, slotOf: new Map(), buckets: 0 };
  if (kept && kept.mark > mark) return { customer, keep: false };
  if (kept) {
    for (const [key, entry] of store.entries) if (entry.owner === kept) drop(store, key, entry);
    if (store.customers.get(custId) === kept) {
      store.customers.delete(custId);
      store.bytes -= kept.slotOf.size * SLOT_BYTES;
    }
  }
  store.customers.set(custId, customer);
  return { customer, keep: true };
}

/** Sums of the parts' buckets and minutes found (each moved to the recent end); the rest are to be read. */
function lookUp(store: StoreSums, customer: CustomerSums, parts: readonly SettledPart[]): { found: Map<string, Float64Array>; missing: SettledPart[] } {
  const found = new Map<string, Float64Array>();
  const missing = new Map<string, SettledPart>();
  for (const part of parts) {
    const key = keyOf(customer.custId, part);
    const entry = store.entries.get(key);
    if (entry?.owner === customer) {
      store.entries.delete(key);
      store.entries.set(key, entry);
      found.set(key, entry.sums);
    } else missing.set(key, part);
  }
  return { found, missing: [...missing.values()] };
}

function slotOf(customer: CustomerSums, taskId: number): number {
  let slot = customer.slotOf.get(taskId);
  if (slot === undefined) {
    slot = customer.slotOf.size;
    customer.slotOf.set(taskId, slot);
  }
  return slot;
}

/** Rollup rows read turned into one array per bucket, FIELDS per slot (new tasks get slots first). */
function sumsOfRows(customer: CustomerSums, buckets: readonly Bucket[], rows: readonly BucketRow[]): Map<string, Float64Array> {
  for (const row of rows) slotOf(customer, Number(row.task_id));
  const sums = new Map(buckets.map((bucket) => [keyOf(customer.custId, bucket), new Float64Array(FIELDS * customer.slotOf.size)]));
  for (const row of rows) {
    const target = sums.get(keyOf(customer.custId, { tier: BUCKET_TIERS[Number(row.tier)] as Tier, start: Number(row.bucket_start) }));
    if (!target) continue;
    const at = FIELDS * slotOf(customer, Number(row.task_id));
    target[at] = Number(row.count);
    target[at + 1] = Number(row.successes);
    target[at + 2] = Number(row.latency_count);
    target[at + 3] = Number(row.latency_sum);
  }
  return sums;
}

/** Raw results read turned into one array per minute, RAW_FIELDS per result. */
function recordsOfRows(customer: CustomerSums, minutes: readonly number[], rows: readonly RawMinuteRow[]): Map<string, Float64Array> {
  const ofMinute = new Map<number, RawMinuteRow[]>(minutes.map((minute) => [minute, []]));
  for (const row of rows) ofMinute.get(floorTo(Number(row.ts), MINUTE_MS))?.push(row);
  const records = new Map<string, Float64Array>();
  for (const [minute, own] of ofMinute) {
    const array = new Float64Array(RAW_FIELDS * own.length);
    own.forEach((row, index) => {
      const at = RAW_FIELDS * index;
      const ok = Number(row.ok) === 1;
      array[at] = slotOf(customer, Number(row.task_id));
      array[at + 1] = Number(row.ts);
      array[at + 2] = ok ? 1 : 0;
      array[at + 3] = ok && row.latency_ms !== null ? 1 : 0;
      array[at + 4] = ok && row.latency_ms !== null ? Number(row.latency_ms) : 0;
    });
    records.set(keyOf(customer.custId, { tier: 'raw', start: minute }), array);
  }
  return records;
}

function remember(store: StoreSums, customer: CustomerSums, sums: Map<string, Float64Array>, slotsBefore: number): void {
  store.bytes += (customer.slotOf.size - slotsBefore) * SLOT_BYTES;
  for (const [key, array] of sums) {
    const old = store.entries.get(key);
    if (old) drop(store, key, old);
    store.entries.set(key, { owner: customer, sums: array });
    store.bytes += array.byteLength;
    customer.buckets += 1;
  }
  for (const [key, entry] of store.entries) {
    if (store.bytes <= MAX_BYTES && store.entries.size <= MAX_ENTRIES) break;
    drop(store, key, entry);
  }
}

/** A kept raw minute's results in [from, to) added to the total, signed. */
function addRaw(total: Float64Array, records: Float64Array, part: SettledPart): void {
  for (let index = 0; index < records.length; index += RAW_FIELDS) {
    const ts = records[index + 1] ?? Number.NaN;
    if (!(ts >= part.from && ts < part.to)) continue;
    const at = FIELDS * (records[index] ?? 0);
    total[at] = (total[at] ?? 0) + part.sign;
    for (let field = 1; field < FIELDS; field += 1) total[at + field] = (total[at + field] ?? 0) + part.sign * (records[index + 1 + field] ?? 0);
  }
}

/** The signed parts added up per slot. */
function settledTotal(customer: CustomerSums, parts: readonly SettledPart[], sums: Map<string, Float64Array>): Float64Array {
  const total = new Float64Array(FIELDS * customer.slotOf.size);
  for (const part of parts) {
    const array = sums.get(keyOf(customer.custId, part)) ?? new Float64Array(0);
    if (part.tier === 'raw') addRaw(total, array, part);
    else for (let at = 0; at < array.length; at += 1) total[at] = (total[at] ?? 0) + part.sign * (array[at] ?? 0);
  }
  return total;
}

/** What reads settled buckets' rows and settled minutes' raw results, in the reader's snapshot. */
export interface SettledReads {
  buckets: (buckets: readonly Bucket[]) => Promise<BucketRow[]>;
  rawMinutes: (minutes: readonly number[]) => Promise<RawMinuteRow[]>;
}

/** The missing parts read and turned into arrays (one statement for the buckets, one for the raw minutes). */
async function readMissing(customer: CustomerSums, missing: readonly SettledPart[], reads: SettledReads): Promise<{ read: Map<string, Float64Array>; slotsBefore: number }> {
  const buckets = missing.flatMap(({ tier, start }) => (tier === 'raw' ? [] : [{ tier, start }]));
  const minutes = missing.flatMap(({ tier, start }) => (tier === 'raw' ? [start] : []));
  const bucketRows = buckets.length > 0 ? await reads.buckets(buckets) : [];
  const rawRows = await reads.rawMinutes(minutes);
  const slotsBefore = customer.slotOf.size;
  return { read: new Map([...sumsOfRows(customer, buckets, bucketRows), ...recordsOfRows(customer, minutes, rawRows)]), slotsBefore };
}

/**
 * Adds the settled parts' sums (kept, or read now and kept) to the fresh rows, which hold one row
 * for each task of the read's scope: so a task the scope leaves out (deleted, of another type) never
 * gets sums, and one it takes in always does. `mark` is the customer's late-write mark in the same
 * snapshot as `reads` and the fresh rows.
 */
export async function withSettledSums(
  db: Db,
  target: { custId: number; mark: number; parts: readonly SettledPart[] },
  reads: SettledReads,
  readFresh: () => Promise<SumsRow[]>,
): Promise<SumsRow[]> {
  const store = storeOf(db);
  const { customer, keep } = customerOf(store, target.custId, target.mark);
  const { found, missing } = lookUp(store, customer, target.parts);
  if (missing.length > 0) {
    const { read, slotsBefore } = await readMissing(customer, missing, reads);
    for (const [key, array] of read) found.set(key, array);
    if (keep && store.customers.get(target.custId) === customer) remember(store, customer, read, slotsBefore);
  }
  const fresh = await readFresh();
  const total = settledTotal(customer, target.parts, found);
  for (const row of fresh) {
    const slot = customer.slotOf.get(Number(row.task_id));
    if (slot === undefined) continue;
    const at = FIELDS * slot;
    row.count = Number(row.count) + (total[at] ?? 0);
    row.successes = Number(row.successes) + (total[at + 1] ?? 0);
    row.latency_count = Number(row.latency_count) + (total[at + 2] ?? 0);
    row.latency_sum = Number(row.latency_sum) + (total[at + 3] ?? 0);
  }
  return fresh;
}
