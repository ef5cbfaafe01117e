import type { Db } from '../db/connection.js';
import { SETTLING_MS } from './late-writes.js';
import { STEP_MS, type Piece, type Tier } from './range-pieces.js';
import { BUCKET_TIERS, type Bucket, type BucketRow, type SumsRow } from './range-repo.js';

/*
 * The per-task sums of settled rollup buckets, kept in memory per store and customer (docs/architecture.md,
 * "Settled pieces read once"). A bucket is settled once it ended SETTLING_MS before the reader's
 * clock; its rows then change only by a late result, which moves the customer's late-write mark
 * (late-writes.ts), or by pruning, which the kept marks keep out of every read. A kept bucket is
 * trusted only under the mark value it was read under.
 */

/** Per task: count, successes, latency count, latency sum. */
const FIELDS = 4;
/** Bounds per store: the kept buckets' sums and task slots, in bytes and in buckets. */
export const MAX_BYTES = 64 * 1024 * 1024;
export const MAX_BUCKETS = 1024;
/** A read meeting more settled buckets than this (a range of many days) is read as before, so one read never evicts its own. */
export const MAX_BUCKETS_PER_READ = 64;
/** What one slot of a customer's task-to-slot map is taken to cost. */
const SLOT_BYTES = 64;

export interface SignedBucket extends Bucket {
  sign: 1 | -1;
}

/** A read's pieces: its settled buckets (kept) and what is read fresh each time. */
export interface Split {
  settled: SignedBucket[];
  fresh: Piece[];
}

const floorTo = (time: number, step: number) => Math.floor(time / step) * step;

/**
 * Each rollup piece cut where its buckets stop being settled at `now` (buckets are aligned to their
 * step, so the settled ones are a leading run); raw and ahead pieces stay fresh. Null when there are
 * more settled buckets than one read keeps.
 */
export function splitSettled(pieces: readonly Piece[], now: number): Split | null {
  const split: Split = { settled: [], fresh: [] };
  for (const piece of pieces) {
    if (piece.level === 'raw' || piece.level === 'ahead') {
      split.fresh.push(piece);
      continue;
    }
    const step = STEP_MS[piece.level];
    const settledTo = Math.min(piece.to, Math.max(piece.from, floorTo(now - SETTLING_MS, step)));
    for (let start = piece.from; start < settledTo; start += step) split.settled.push({ tier: piece.level, start, sign: piece.sign ?? 1 });
    if (settledTo < piece.to) split.fresh.push({ ...piece, from: settledTo });
    if (split.settled.length > MAX_BUCKETS_PER_READ) return null;
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

const keyOf = (custId: number, bucket: Bucket) => `${custId}:${bucket.tier}:${bucket.start}`;

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

/** Sums of the buckets found (each moved to the recent end); the rest are to be read. */
function lookUp(store: StoreSums, customer: CustomerSums, buckets: readonly SignedBucket[]): { found: Map<string, Float64Array>; missing: Bucket[] } {
  const found = new Map<string, Float64Array>();
  const missing: Bucket[] = [];
  for (const bucket of buckets) {
    const key = keyOf(customer.custId, bucket);
    const entry = store.entries.get(key);
    if (entry?.owner === customer) {
      store.entries.delete(key);
      store.entries.set(key, entry);
      found.set(key, entry.sums);
    } else if (!found.has(key) && !missing.some((other) => other.tier === bucket.tier && other.start === bucket.start)) missing.push(bucket);
  }
  return { found, missing };
}

/** The rows read turned into one array per bucket (new tasks get slots first). */
function sumsOfRows(customer: CustomerSums, missing: readonly Bucket[], rows: readonly BucketRow[]): Map<string, Float64Array> {
  for (const row of rows) {
    const taskId = Number(row.task_id);
    if (!customer.slotOf.has(taskId)) customer.slotOf.set(taskId, customer.slotOf.size);
  }
  const sums = new Map(missing.map((bucket) => [keyOf(customer.custId, bucket), new Float64Array(FIELDS * customer.slotOf.size)]));
  for (const row of rows) {
    const target = sums.get(keyOf(customer.custId, { tier: BUCKET_TIERS[Number(row.tier)] as Tier, start: Number(row.bucket_start) }));
    const at = FIELDS * (customer.slotOf.get(Number(row.task_id)) ?? 0);
    if (!target) continue;
    target[at] = Number(row.count);
    target[at + 1] = Number(row.successes);
    target[at + 2] = Number(row.latency_count);
    target[at + 3] = Number(row.latency_sum);
  }
  return sums;
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
    if (store.bytes <= MAX_BYTES && store.entries.size <= MAX_BUCKETS) break;
    drop(store, key, entry);
  }
}

/** The signed buckets added up per slot. */
function settledTotal(customer: CustomerSums, buckets: readonly SignedBucket[], sums: Map<string, Float64Array>): Float64Array {
  const total = new Float64Array(FIELDS * customer.slotOf.size);
  for (const bucket of buckets) {
    const array = sums.get(keyOf(customer.custId, bucket)) ?? new Float64Array(0);
    for (let at = 0; at < array.length; at += 1) total[at] = (total[at] ?? 0) + bucket.sign * (array[at] ?? 0);
  }
  return total;
}

/** What reads a settled bucket's rows: one statement for all the buckets asked, in the reader's snapshot. */
export type ReadBuckets = (buckets: readonly Bucket[]) => Promise<BucketRow[]>;

/**
 * Adds the settled buckets' sums (kept, or read now and kept) to the fresh rows, which hold one row
 * for each task of the read's scope: so a task the scope leaves out (deleted, of another type) never
 * gets sums, and one it takes in always does. `mark` is the customer's late-write mark in the same
 * snapshot as `readBuckets` and the fresh rows.
 */
export async function withSettledSums(
  db: Db,
  target: { custId: number; mark: number; buckets: readonly SignedBucket[] },
  readBuckets: ReadBuckets,
  readFresh: () => Promise<SumsRow[]>,
): Promise<SumsRow[]> {
  const store = storeOf(db);
  const { customer, keep } = customerOf(store, target.custId, target.mark);
  const { found, missing } = lookUp(store, customer, target.buckets);
  if (missing.length > 0) {
    const rows = await readBuckets(missing);
    const slotsBefore = customer.slotOf.size;
    const read = sumsOfRows(customer, missing, rows);
    for (const [key, array] of read) found.set(key, array);
    if (keep && store.customers.get(target.custId) === customer) remember(store, customer, read, slotsBefore);
  }
  const fresh = await readFresh();
  const total = settledTotal(customer, target.buckets, found);
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
