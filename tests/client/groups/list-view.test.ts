import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GROUP_LIST_VIEW,
  listBodyOf,
  searchParamsFromView,
  viewFromSearchParams,
  withKeyword,
  withPage,
  withPageSize,
  withSort,
  withSortColumn,
} from '../../../src/client/features/groups/list-view.js';
import { clampedPage, pageCount } from '../../../src/client/lib/paging.js';
import { GroupListBody } from '../../../src/shared/index.js';

const read = (query: string) => viewFromSearchParams(new URLSearchParams(query));

describe('group list view in the URL', () => {
  it('starts on page 1 of 10, sorted by name from A, with no search', () => {
    expect(read('')).toEqual(DEFAULT_GROUP_LIST_VIEW);
    expect(DEFAULT_GROUP_LIST_VIEW).toEqual({ keyword: '', sortBy: 'name', sortOrder: 'asc', page: 1, pageSize: 10 });
    expect(searchParamsFromView(DEFAULT_GROUP_LIST_VIEW).toString()).toBe('');
  });

  it('reads back what it wrote, so a reload or shared link shows the same list', () => {
    const view = { keyword: 'prod', sortBy: 'updatedAt', sortOrder: 'desc', page: 3, pageSize: 50 } as const;
    const query = searchParamsFromView(view).toString();
    expect(query).toBe('q=prod&sort=updatedAt&order=desc&page=3&size=50');
    expect(read(query)).toEqual(view);
  });

  it('keeps other parameters such as the tab', () => {
    const params = searchParamsFromView(withKeyword(DEFAULT_GROUP_LIST_VIEW, 'a'), new URLSearchParams('tab=tags&page=4'));
    expect(params.toString()).toBe('tab=tags&q=a');
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(read('sort=taskCount&order=up&page=0&size=25')).toEqual(DEFAULT_GROUP_LIST_VIEW);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=1e3').page).toBe(1);
    expect(read(`q=${'x'.repeat(80)}`).keyword).toHaveLength(50);
  });
});

describe('changing the view', () => {
  const onPage3 = withPage(DEFAULT_GROUP_LIST_VIEW, 3);

  it('goes back to page 1 on a new search, sorting or page size', () => {
    expect(withKeyword(onPage3, '  web  ')).toMatchObject({ keyword: 'web', page: 1 });
    expect(withSort(onPage3, 'createdAt', 'desc')).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc', page: 1 });
    expect(withPageSize(onPage3, 100)).toMatchObject({ pageSize: 100, page: 1 });
    expect(withPageSize(onPage3, 7).pageSize).toBe(10);
  });

  it('turns the order round when the sorted column is chosen again; dates start newest first', () => {
    const byName = withSortColumn(DEFAULT_GROUP_LIST_VIEW, 'name');
    expect([byName.sortBy, byName.sortOrder]).toEqual(['name', 'desc']);
    const byCreated = withSortColumn(byName, 'createdAt');
    expect([byCreated.sortBy, byCreated.sortOrder]).toEqual(['createdAt', 'desc']);
    expect(withSortColumn(byCreated, 'createdAt').sortOrder).toBe('asc');
  });

  it('moves past-the-end pages to the last page (e.g. after deleting the last rows of a page)', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(31, 10)).toBe(4);
    expect(clampedPage(withPage(DEFAULT_GROUP_LIST_VIEW, 4), 30)).toBe(3);
    expect(clampedPage(withPage(DEFAULT_GROUP_LIST_VIEW, 2), 0)).toBe(1);
    expect(clampedPage(withPage(DEFAULT_GROUP_LIST_VIEW, 2), 11)).toBe(2);
  });
});

describe('list call body', () => {
  it('is valid for the shared schema and leaves an empty search out', () => {
    const plain = listBodyOf(DEFAULT_GROUP_LIST_VIEW);
    expect(plain).toEqual({ page: 1, pageSize: 10, sortBy: 'name', sortOrder: 'asc' });
    const searched = listBodyOf({ keyword: 'db', sortBy: 'updatedAt', sortOrder: 'desc', page: 2, pageSize: 30 });
    expect(searched.keyword).toBe('db');
    for (const body of [plain, searched]) expect(GroupListBody.safeParse(body).success).toBe(true);
  });
});
