import { describe, expect, it } from 'vitest';
import { inboxItemScreenPath } from '../../../src/client/lib/inbox-paths.js';
import { inboxPageBodyOf, inboxViewOf, inboxViewParams, isFiltered } from '../../../src/client/features/inbox/screen/screen-view.js';

const viewOf = (query: string) => inboxViewOf(new URLSearchParams(query));

describe('the inbox screen view in the URL', () => {
  it('reads filters, page, size and the open item, and writes them back leaving defaults out', () => {
    const view = viewOf('type=import&status=1&page=3&size=50&sno=42');
    expect(view).toEqual({ type: 'import', status: 1, page: 3, pageSize: 50, sno: '42' });
    expect(inboxViewParams(view).toString()).toBe('type=import&status=1&page=3&size=50&sno=42');
    expect(inboxViewParams(viewOf('')).toString()).toBe('');
  });

  it('reads unknown or malformed values as not given', () => {
    expect(viewOf('type=mail&status=3&page=0&size=7&sno=')).toEqual({ type: null, status: null, page: 1, pageSize: 10, sno: null });
    expect(viewOf(`status=x&page=-2&sno=${'9'.repeat(65)}`)).toMatchObject({ status: null, page: 1, sno: null });
    expect(viewOf('sno=%07bad').sno).toBeNull();
  });

  it('sends only the filters that narrow', () => {
    expect(inboxPageBodyOf(viewOf('page=2'))).toEqual({ page: 2, pageSize: 10 });
    expect(inboxPageBodyOf(viewOf('type=deploy&status=0'))).toEqual({ page: 1, pageSize: 10, type: 'deploy', status: 0 });
    expect([isFiltered(viewOf('page=2')), isFiltered(viewOf('status=2'))]).toEqual([false, true]);
  });

  it("links one item's detail as /inbox?sno=…, which the screen reads back", () => {
    const path = inboxItemScreenPath('17 a&b');
    expect(path).toBe('/inbox?sno=17+a%26b');
    expect(viewOf(path.split('?')[1] ?? '').sno).toBe('17 a&b');
  });
});
