import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { callerLanguage } from '../alerts/request-language.js';
import { listAllNewsItems, listNews, publishNews, readNews, withdrawNewsItem } from './news-service.js';

export function newsRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.newsList, ({ ctx, principal, body, request }) => listNews(ctx, principal, body, body?.language ?? callerLanguage(request)));
  registerCall(app, CALLS.newsRead, ({ ctx, principal, body }) => readNews(ctx, principal, body.ids));
  registerCall(app, CALLS.platformNewsPublish, ({ ctx, body }) => publishNews(ctx, body));
  registerCall(app, CALLS.platformNewsWithdraw, ({ ctx, body }) => withdrawNewsItem(ctx, body.id));
  registerCall(app, CALLS.platformNewsList, ({ ctx, body }) => listAllNewsItems(ctx, body));
}
