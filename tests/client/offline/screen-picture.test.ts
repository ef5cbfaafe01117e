import { QueryClient, hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { writeIdentity } from '../../../src/client/lib/offline/identity.js';
import { OfflinePersistence, RESTORE_LIMIT_MS } from '../../../src/client/lib/offline/offline-persistence.js';
import { PERSIST_MAX_AGE_MS, type SessionIdentity } from '../../../src/client/lib/offline/persist-policy.js';
import { PictureKeeper } from '../../../src/client/lib/offline/picture-keeper.js';
import { tokenFingerprint } from '../../../src/client/lib/offline/identity.js';
import {
  PICTURE_KEY,
  forgetPicture,
  pictureToPaint,
  readPicture,
  writePicture,
  type PictureSituation,
  type PictureStorage,
  type ScreenPicture,
} from '../../../src/client/lib/offline/screen-picture.js';
import { memoryStore } from './memory-store.js';

const TOKEN = 'token-of-user-10';
const USER: SessionIdentity = { custId: 1, userId: 10 };
const LIST_KEY = ['tasks', 'list', 3, { page: 1 }] as const;
const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);

function memoryStorage(): PictureStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function pictureOf(dataUpdatedAt: number, changes: Partial<ScreenPicture> = {}): ScreenPicture {
  return {
    build: 'build-1',
    token: tokenFingerprint(TOKEN),
    ...USER,
    language: 'zh-tw',
    path: '/monitor/3',
    wide: true,
    queryHash: hashKey(LIST_KEY),
    dataUpdatedAt,
    title: '網站監測',
    html: '<table><tr data-task-id="7"><th>Shop</th><td>99.5%</td></tr></table>',
    ...changes,
  };
}

const situation = (changes: Partial<PictureSituation> = {}): PictureSituation => ({
  build: 'build-1',
  token: TOKEN,
  language: 'zh-tw',
  path: '/monitor/3',
  wide: true,
  now: NOW,
  ...changes,
});

function signedIn(): ReturnType<typeof memoryStorage> {
  const storage = memoryStorage();
  writeIdentity(TOKEN, USER, storage);
  return storage;
}

describe('the kept picture of a list, painted at a cold start', () => {
  it('is painted where and for whom it was drawn', () => {
    const storage = signedIn();
    writePicture(pictureOf(NOW - 60_000), storage);
    expect(pictureToPaint(situation(), storage)?.html).toContain('99.5%');
    expect(readPicture(storage)?.dataUpdatedAt).toBe(NOW - 60_000);
  });

  it.each<[string, Partial<PictureSituation>]>([
    ['signed out', { token: null }],
    ['under another token', { token: 'token-of-someone-else' }],
    ['by another build', { build: 'build-2' }],
    ['in another language', { language: 'en' }],
    ['of another list or view', { path: '/monitor/3?page=2' }],
    ['at another width (cards, not a table)', { wide: false }],
    ['older than the device keeps answers', { now: NOW + PERSIST_MAX_AGE_MS }],
  ])('paints nothing when opened %s', (_, changes) => {
    const storage = signedIn();
    writePicture(pictureOf(NOW - 60_000), storage);
    expect(pictureToPaint(situation(changes), storage)).toBeNull();
  });

  it("paints nothing for another user's picture, even under this token", () => {
    const storage = signedIn();
    writePicture(pictureOf(NOW - 60_000, { custId: 2, userId: 20 }), storage);
    expect(pictureToPaint(situation(), storage)).toBeNull();
  });

  it('paints nothing from a picture that cannot be read, and forgets one on request', () => {
    const storage = signedIn();
    storage.setItem(PICTURE_KEY, '{"html":"<p>half');
    expect(pictureToPaint(situation(), storage)).toBeNull();
    writePicture(pictureOf(NOW), storage);
    forgetPicture(storage);
    expect(storage.map.has(PICTURE_KEY)).toBe(false);
  });
});

/** A list answered online and written to the device's store, as a screen's query does. */
async function answerList(client: QueryClient, persistence: OfflinePersistence, rows: unknown): Promise<number> {
  await client.fetchQuery({ queryKey: LIST_KEY, queryFn: async () => rows, meta: { persist: true }, staleTime: 0 });
  await persistence.flush();
  return client.getQueryState(LIST_KEY)?.dataUpdatedAt ?? Number.NaN;
}

function keeperSetUp() {
  const storage = signedIn();
  const keeper = new PictureKeeper(storage);
  const client = new QueryClient();
  const store = memoryStore();
  const persistence = new OfflinePersistence(client, store, 'build-1', RESTORE_LIMIT_MS, keeper);
  return { storage, keeper, client, store, persistence };
}

describe('the picture follows the list answer the device keeps', () => {
  it('is kept once the store holds the very answer it shows, and not before', async () => {
    const { storage, keeper, client, persistence } = keeperSetUp();
    await persistence.begin(USER);
    await client.fetchQuery({ queryKey: LIST_KEY, queryFn: async () => ({ list: ['Shop'] }), meta: { persist: true } });
    const shown = client.getQueryState(LIST_KEY)?.dataUpdatedAt ?? 0;
    keeper.offer(pictureOf(shown));
    expect(readPicture(storage)).toBeNull();
    await persistence.flush();
    expect(readPicture(storage)?.dataUpdatedAt).toBe(shown);
  });

  it('goes before the store is given a newer answer of its list', async () => {
    const { storage, keeper, client, persistence } = keeperSetUp();
    await persistence.begin(USER);
    const first = await answerList(client, persistence, { list: ['Shop'] });
    keeper.offer(pictureOf(first));
    expect(readPicture(storage)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await answerList(client, persistence, { list: ['Shop', 'Blog'] });
    expect(readPicture(storage)).toBeNull();
  });

  it('is kept at once for an answer the store read back at a cold start', async () => {
    const { storage, keeper, client, store, persistence } = keeperSetUp();
    await persistence.begin(USER);
    const kept = await answerList(client, persistence, { list: ['Shop'] });
    const restarted = new OfflinePersistence(new QueryClient(), store, 'build-1', RESTORE_LIMIT_MS, keeper);
    await restarted.restore(USER);
    keeper.offer(pictureOf(kept));
    expect(readPicture(storage)?.dataUpdatedAt).toBe(kept);
  });

  it.each([true, false])('is wiped with the store when the session ends (logout: %s)', async (logout) => {
    const { storage, keeper, client, persistence } = keeperSetUp();
    await persistence.begin(USER);
    keeper.offer(pictureOf(await answerList(client, persistence, { list: ['Shop'] })));
    expect(readPicture(storage)).not.toBeNull();
    await persistence.stop();
    await persistence.wipe(logout);
    expect(storage.map.has(PICTURE_KEY)).toBe(false);
  });
});
