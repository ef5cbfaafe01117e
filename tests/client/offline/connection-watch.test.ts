import { afterEach, describe, expect, it } from 'vitest';
import { getConnection, problemOf, reportConnection, wantProbe } from '../../../src/client/lib/offline/connection.js';
import { UNREACHABLE_RETRY_MS, watchConnection, type WatchEnvironment } from '../../../src/client/lib/offline/connection-watch.js';

/** The browser's online/offline events and a clock that moves only when told. */
class FakeWindow extends EventTarget implements WatchEnvironment {
  private readonly intervals = new Map<number, { run: () => void; ms: number }>();
  private nextId = 1;

  setInterval(run: () => void, ms: number): number {
    const id = this.nextId++;
    this.intervals.set(id, { run, ms });
    return id;
  }

  clearInterval(id: number): void {
    this.intervals.delete(id);
  }

  /** Runs every interval that is due within `ms` (each at most once: enough for these tests). */
  pass(ms: number): void {
    for (const { run, ms: every } of [...this.intervals.values()]) if (every <= ms) run();
  }

  get running(): number {
    return this.intervals.size;
  }

  say(type: 'online' | 'offline'): void {
    this.dispatchEvent(new Event(type));
  }
}

/** A server probe whose answer the test chooses; counts how often the server was asked. */
function fakeProbe(answers: () => boolean) {
  const probe = { asked: 0, run: () => Promise.resolve() };
  probe.run = () => {
    probe.asked += 1;
    reportConnection(answers() ? 'serverAnswered' : 'serverUnreachable');
    return Promise.resolve();
  };
  return probe;
}

afterEach(() => reportConnection('serverAnswered'));

describe('the connection watch', () => {
  it('asks the server when the browser says offline, and believes the answer over the browser', () => {
    const window = new FakeWindow();
    const probe = fakeProbe(() => true);
    const stop = watchConnection(probe.run, window);
    expect(probe.asked).toBe(0);
    window.say('offline');
    expect(probe.asked).toBe(1);
    expect(problemOf(getConnection())).toBeNull();
    expect(getConnection().server).toBe('reachable');
    stop();
  });

  it('asks at start when the page opened with the browser saying offline', () => {
    reportConnection('deviceOffline');
    const probe = fakeProbe(() => false);
    const stop = watchConnection(probe.run, new FakeWindow());
    expect(probe.asked).toBe(1);
    expect(problemOf(getConnection())).toBe('offline');
    stop();
  });

  it('asks again every 15 s while the server is out of reach, and stops once it answers', () => {
    const window = new FakeWindow();
    let reachable = false;
    const probe = fakeProbe(() => reachable);
    const stop = watchConnection(probe.run, window);
    reportConnection('serverUnreachable');
    expect(window.running).toBe(1);
    window.pass(UNREACHABLE_RETRY_MS - 1);
    expect(probe.asked).toBe(0);
    window.pass(UNREACHABLE_RETRY_MS);
    expect(probe.asked).toBe(1);
    reachable = true;
    window.pass(UNREACHABLE_RETRY_MS);
    expect(problemOf(getConnection())).toBeNull();
    expect(window.running).toBe(0);
    stop();
  });

  it('asks at once when the browser says online again or something waits on the server, and not after it stopped', () => {
    const window = new FakeWindow();
    const probe = fakeProbe(() => false);
    const stop = watchConnection(probe.run, window);
    reportConnection('serverUnreachable');
    window.say('online');
    expect(probe.asked).toBe(1);
    wantProbe();
    expect(probe.asked).toBe(2);
    stop();
    wantProbe();
    window.say('offline');
    expect(probe.asked).toBe(2);
    expect(window.running).toBe(0);
  });
});
