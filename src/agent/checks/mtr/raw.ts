import { sameAddress } from '../../../shared/ip.js';
import { roundMs } from '../clock.js';

/**
 * Incremental reader of `mtr --raw` (recorded samples in tests/agent/fixtures/mtr/raw-*.txt): one
 * line per event, `x <pos> <seq>` a probe sent to hop pos+1, `h <pos> <ip>` the address answering
 * there, `d <pos> <name>` its reverse-DNS name (the address again when it has none), `p <pos>
 * <usec> <seq>` a reply. mtr computes nothing for raw output, so the figures are
 * computed here as its report does: the hops shown run to the first one answered by the target,
 * else one past the last answering hop; the standard deviation is the sample one.
 * While mtr runs, a hop's latest unanswered probe is still in flight and not counted as lost.
 */

export interface ParsedMtrHop {
  ttl: number;
  host: string | null;
  name: string | null;
  lossPercent: number;
  sent: number;
  lastMs: number | null;
  avgMs: number | null;
  bestMs: number | null;
  worstMs: number | null;
  stdevMs: number | null;
}

interface HopState {
  host: string | null;
  name: string | null;
  sent: number;
  lastSentSeq: number | null;
  answered: Set<number>;
  /** Reply times in ms, in arrival order. */
  times: number[];
}

const newHop = (): HopState => ({ host: null, name: null, sent: 0, lastSentSeq: null, answered: new Set(), times: [] });

function stdevOf(times: readonly number[], mean: number): number {
  if (times.length < 2) return 0;
  return Math.sqrt(times.reduce((sum, time) => sum + (time - mean) ** 2, 0) / (times.length - 1));
}

function hopFigures(pos: number, hop: HopState, finished: boolean): ParsedMtrHop {
  const inFlight = !finished && hop.lastSentSeq !== null && !hop.answered.has(hop.lastSentSeq) ? 1 : 0;
  const counted = hop.sent - inFlight;
  const received = hop.times.length;
  const lossPercent = counted <= 0 ? 0 : roundMs((100 * Math.max(0, counted - received)) / counted);
  if (received === 0) return { ttl: pos + 1, host: hop.host, name: hop.name, lossPercent, sent: hop.sent, lastMs: null, avgMs: null, bestMs: null, worstMs: null, stdevMs: null };
  const mean = hop.times.reduce((sum, time) => sum + time, 0) / received;
  return {
    ttl: pos + 1,
    host: hop.host,
    name: hop.name,
    lossPercent,
    sent: hop.sent,
    lastMs: roundMs(hop.times.at(-1) ?? 0),
    avgMs: roundMs(mean),
    bestMs: roundMs(Math.min(...hop.times)),
    worstMs: roundMs(Math.max(...hop.times)),
    stdevMs: roundMs(stdevOf(hop.times, mean)),
  };
}

const integerOf = (text: string | undefined): number | null => (text !== undefined && /^\d+$/.test(text) ? Number(text) : null);

export class MtrRawReader {
  private readonly hopsByPos = new Map<number, HopState>();
  private pending = '';

  constructor(
    private readonly target: string,
    private readonly maxHops: number,
  ) {}

  /** Reads a chunk of output; answers whether any hop changed. A line cut at the chunk's end waits for the rest. */
  push(chunk: string): boolean {
    const lines = (this.pending + chunk).split('\n');
    this.pending = lines.pop() ?? '';
    let changed = false;
    for (const line of lines) changed = this.readLine(line) || changed;
    return changed;
  }

  /** The hops so far; `finished` once mtr exited (every probe unanswered by then is lost). */
  hops(finished = false): ParsedMtrHop[] {
    if (finished && this.pending !== '') {
      this.readLine(this.pending);
      this.pending = '';
    }
    const shown = this.shownHopCount();
    const hops: ParsedMtrHop[] = [];
    for (let pos = 0; pos < shown; pos += 1) {
      const hop = this.hopsByPos.get(pos);
      if (hop && hop.sent > 0) hops.push(hopFigures(pos, hop, finished));
    }
    return hops;
  }

  private hop(pos: number): HopState {
    let hop = this.hopsByPos.get(pos);
    if (!hop) {
      hop = newHop();
      this.hopsByPos.set(pos, hop);
    }
    return hop;
  }

  private readLine(line: string): boolean {
    const [kind, posText, value, seqText] = line.trim().split(/\s+/);
    const pos = integerOf(posText);
    if (pos === null || pos >= this.maxHops || value === undefined) return false;
    const hop = this.hop(pos);
    if (kind === 'x') {
      hop.sent += 1;
      hop.lastSentSeq = integerOf(value);
      return true;
    }
    if (kind === 'h') {
      if (hop.host !== null) return false;
      hop.host = value;
      return true;
    }
    if (kind === 'd') return this.readName(hop, value);
    if (kind === 'p') return this.readReply(hop, integerOf(value), integerOf(seqText));
    return false;
  }

  private readName(hop: HopState, name: string): boolean {
    if (hop.name !== null || name === hop.host) return false;
    hop.name = name.slice(0, 253);
    return true;
  }

  private readReply(hop: HopState, usec: number | null, seq: number | null): boolean {
    if (usec === null || seq === null || hop.answered.has(seq)) return false;
    hop.answered.add(seq);
    hop.times.push(usec / 1000);
    return true;
  }

  /** mtr's rule: up to the hop the target answers at, else one past the last answering hop. */
  private shownHopCount(): number {
    let shown = 0;
    for (let pos = 0; pos < this.maxHops; pos += 1) {
      const host = this.hopsByPos.get(pos)?.host ?? null;
      if (host === null) continue;
      if (sameAddress(host, this.target)) return pos + 1;
      shown = pos + 2;
    }
    return Math.min(shown, this.maxHops);
  }
}

/** The hops of a finished `mtr --raw` run's whole output. */
export function parseMtrRaw(stdout: string, target: string, maxHops: number): ParsedMtrHop[] {
  const reader = new MtrRawReader(target, maxHops);
  reader.push(stdout);
  return reader.hops(true);
}
