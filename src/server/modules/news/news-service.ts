import type { z } from 'zod';
import type { NewsItem, NewsListAnswer, NewsListBody } from '../../../shared/calls/feedback-news.js';
import { newsFieldsOf, type PlatformNewsListBody, type PlatformNewsPublishBody } from '../../../shared/calls/platform-feedback-news.js';
import { DEFAULT_PAGE_SIZE, LANGUAGES, type Language } from '../../../shared/constants.js';
import { NEWS_LANGUAGE_FALLBACK } from '../../../shared/feedback-rules.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { countAllNews, countUnreadNews, countVisibleNews, insertNews, listAllNews, listVisibleNews, markNewsRead, readNewsIds, textsOf, withdrawNews, type NewsText } from './news-repo.js';

const isoOf = (time: number) => new Date(time).toISOString();
const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The item's texts in the first language of the reader's fallback order that the operator wrote. */
function textFor(texts: readonly NewsText[], language: Language): (NewsText & { language: Language }) | undefined {
  for (const candidate of NEWS_LANGUAGE_FALLBACK[language]) {
    const text = texts.find((entry) => entry.language === candidate);
    if (text) return { ...text, language: candidate };
  }
  return undefined;
}

function groupTexts(rows: readonly (NewsText & { news_id: number })[]): Map<number, NewsText[]> {
  const byNews = new Map<number, NewsText[]>();
  for (const row of rows) byNews.set(row.news_id, [...(byNews.get(row.news_id) ?? []), { language: row.language, title: row.title, body: row.body }]);
  return byNews;
}

/**
 * A page of the news users see now, in the asked language (falling back per item). Read marks are
 * the user's own; an administrator viewing a customer has none, so nothing shows as unread.
 */
export async function listNews(ctx: ServerContext, principal: Principal, body: z.output<typeof NewsListBody>, language: Language): Promise<NewsListAnswer> {
  const now = ctx.now();
  const page = body?.page ?? 1;
  const pageSize = body?.pageSize ?? DEFAULT_PAGE_SIZE;
  const userId = principal.userId;
  const [rows, total, unread] = await Promise.all([
    listVisibleNews(ctx.db, now, pageSize, (page - 1) * pageSize),
    countVisibleNews(ctx.db, now),
    userId === null ? 0 : countUnreadNews(ctx.db, userId, now),
  ]);
  const ids = rows.map((row) => row.id);
  const [texts, read] = await Promise.all([textsOf(ctx.db, ids), userId === null ? null : readNewsIds(ctx.db, userId, ids)]);
  const byNews = groupTexts(texts);
  const list = rows.flatMap((row): NewsItem[] => {
    const text = textFor(byNews.get(row.id) ?? [], language);
    if (!text) return [];
    return [{ id: row.id, title: text.title, body: text.body, language: text.language, publishedAt: isoOf(row.published_at), read: read === null || read.has(row.id) }];
  });
  return { list, total, unread };
}

export async function readNews(ctx: ServerContext, principal: Principal, ids: readonly number[]): Promise<{ unread: number }> {
  if (principal.userId === null) throw new AppError(2007);
  const now = ctx.now();
  await markNewsRead(ctx.db, principal.userId, ids, now);
  return { unread: await countUnreadNews(ctx.db, principal.userId, now) };
}

export async function publishNews(ctx: ServerContext, body: PlatformNewsPublishBody) {
  const now = ctx.now();
  const fields = body as Record<string, string | undefined>;
  const texts = LANGUAGES.flatMap((language): NewsText[] => {
    const names = newsFieldsOf(language);
    const title = (fields[names.title] ?? '').trim();
    const text = (fields[names.body] ?? '').trim();
    return title === '' ? [] : [{ language, title, body: text }];
  });
  const publishedAt = body.publishAt === undefined ? now : Date.parse(body.publishAt);
  const id = await insertNews(ctx.db, publishedAt, texts, now);
  return { id, publishedAt: isoOf(publishedAt), languages: texts.map((text) => text.language).filter(isLanguage) };
}

export async function withdrawNewsItem(ctx: ServerContext, id: number) {
  const withdrawnAt = await withdrawNews(ctx.db, id, ctx.now());
  if (withdrawnAt === undefined) throw new AppError(2001);
  return { id, withdrawnAt: isoOf(withdrawnAt) };
}

export async function listAllNewsItems(ctx: ServerContext, body: z.output<typeof PlatformNewsListBody>) {
  const page = body?.page ?? 1;
  const pageSize = body?.pageSize ?? DEFAULT_PAGE_SIZE;
  const [rows, total] = await Promise.all([listAllNews(ctx.db, pageSize, (page - 1) * pageSize), countAllNews(ctx.db)]);
  const byNews = groupTexts(await textsOf(ctx.db, rows.map((row) => row.id)));
  const list = rows.map((row) => ({
    id: row.id,
    texts: (byNews.get(row.id) ?? []).flatMap((text) => (isLanguage(text.language) ? [{ ...text, language: text.language }] : [])),
    publishedAt: isoOf(row.published_at),
    withdrawnAt: row.withdrawn_at === null ? null : isoOf(row.withdrawn_at),
    readers: Number(row.readers ?? 0),
  }));
  return { list, total };
}
