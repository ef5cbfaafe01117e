import type { Db } from '../../db/connection.js';

export interface NewsText {
  language: string;
  title: string;
  body: string;
}

/** News users see now: published by `now` and not withdrawn. */
function visible(db: Db, now: number) {
  return db.selectFrom('news').where('news.published_at', '<=', now).where('news.withdrawn_at', 'is', null);
}

export async function insertNews(db: Db, publishedAt: number, texts: readonly NewsText[], now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('news').values({ published_at: publishedAt, withdrawn_at: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('news_texts').values(texts.map((text) => ({ news_id: row.id, ...text }))).execute();
    return row.id;
  });
}

/** Withdraws an item (again: keeps the first time); answers when, or undefined for an unknown id. */
export async function withdrawNews(db: Db, id: number, now: number): Promise<number | undefined> {
  await db.updateTable('news').set({ withdrawn_at: now }).where('id', '=', id).where('withdrawn_at', 'is', null).execute();
  const row = await db.selectFrom('news').select('withdrawn_at').where('id', '=', id).executeTakeFirst();
  return row?.withdrawn_at ?? undefined;
}

export function listVisibleNews(db: Db, now: number, limit: number, offset: number) {
  return visible(db, now).select(['news.id', 'news.published_at']).orderBy('news.published_at', 'desc').orderBy('news.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countVisibleNews(db: Db, now: number): Promise<number> {
  const row = await visible(db, now).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Visible news the user has not opened. */
export async function countUnreadNews(db: Db, userId: number, now: number): Promise<number> {
  const row = await visible(db, now)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('news_reads').select('news_reads.news_id').whereRef('news_reads.news_id', '=', 'news.id').where('news_reads.user_id', '=', userId))))
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

export function textsOf(db: Db, newsIds: readonly number[]) {
  if (newsIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('news_texts').selectAll().where('news_id', 'in', newsIds).execute();
}

export async function readNewsIds(db: Db, userId: number, newsIds: readonly number[]): Promise<Set<number>> {
  if (newsIds.length === 0) return new Set();
  const rows = await db.selectFrom('news_reads').select('news_id').where('user_id', '=', userId).where('news_id', 'in', newsIds).execute();
  return new Set(rows.map((row) => row.news_id));
}

/** Marks the visible ones among `ids` read for the user; unknown, withdrawn and future ones are passed over. */
export async function markNewsRead(db: Db, userId: number, ids: readonly number[], now: number): Promise<void> {
  const known = await visible(db, now).select('news.id').where('news.id', 'in', ids).execute();
  if (known.length === 0) return;
  await db
    .insertInto('news_reads')
    .values(known.map((row) => ({ news_id: row.id, user_id: userId, read_at: now })))
    .onConflict((conflict) => conflict.columns(['user_id', 'news_id']).doNothing())
    .execute();
}

/** Every item, for the operator: newest publish date first, with how many users opened each. */
export function listAllNews(db: Db, limit: number, offset: number) {
  return db
    .selectFrom('news')
    .selectAll('news')
    .select((eb) => eb.selectFrom('news_reads').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('news_reads.news_id', '=', 'news.id').as('readers'))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAllNews(db: Db): Promise<number> {
  const row = await db.selectFrom('news').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}
