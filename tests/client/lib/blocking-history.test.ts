import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockingHistory, type HeldNavigation, type ShouldBlock } from '../../../src/client/lib/blocking-history.js';

/** The console's history over an in-memory one, with what react-router would show and the navigation held, if any. */
function historyAt(path: string, entries: string[] = [path]) {
  const history = blockingHistory(UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: entries.indexOf(path), v5Compat: true }));
  const shown: string[] = [];
  history.listen((update) => shown.push(update.location.pathname));
  let held: HeldNavigation | null = null;
  const leavingForm: ShouldBlock = ({ currentLocation, nextLocation }) => currentLocation.pathname === '/monitor/create' && nextLocation.pathname !== '/login';
  const unblock = history.block(leavingForm, (navigation) => {
    held = navigation;
  });
  return { history, shown, unblock, held: () => held };
}

describe('the console history holding navigations away from a dirty form', () => {
  it('lets navigations through while nothing blocks them', () => {
    const { history, shown } = historyAt('/overview');
    history.push('/monitor');
    history.replace('/monitor?page=2');
    expect(shown).toEqual(['/monitor', '/monitor']);
    expect(history.location.search).toBe('?page=2');
  });

  it('holds a push until the user leaves, and drops it when they stay', () => {
    const { history, shown, held } = historyAt('/monitor/create');
    history.push('/overview');
    expect(shown).toEqual([]);
    expect(history.location.pathname).toBe('/monitor/create');
    held()?.reset();
    expect(history.location.pathname).toBe('/monitor/create');
    history.push('/groups');
    held()?.proceed();
    expect(shown).toEqual(['/groups']);
    expect(history.location.pathname).toBe('/groups');
  });

  it('never holds the way to sign-in', () => {
    const { history, shown, held } = historyAt('/monitor/create');
    history.replace('/login');
    expect(held()).toBeNull();
    expect(shown).toEqual(['/login']);
  });

  it('undoes a held back step at once and redoes it when the user leaves', () => {
    const { history, shown, held } = historyAt('/monitor/create', ['/monitor', '/monitor/create']);
    history.go(-1);
    expect(history.location.pathname).toBe('/monitor/create');
    expect(shown).toEqual([]);
    held()?.proceed();
    expect(history.location.pathname).toBe('/monitor');
    expect(shown).toEqual(['/monitor']);
  });

  it('asks no more once the form takes its blocker away', () => {
    const { history, shown, unblock, held } = historyAt('/monitor/create');
    unblock();
    history.push('/overview');
    expect(held()).toBeNull();
    expect(shown).toEqual(['/overview']);
  });
});
