import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E } from './env.js';
import { apiCall, openAndSignIn, tokenOf } from './helpers.js';
import { RUN } from './monitor-flow.js';
import { cutServer, expectServiceWorkerInControl, expectStored, offlineBanner, restoreServer } from './offline-store.js';

/**
 * The overview's news and feedback (zh-tw): news the operator publishes through the platform API
 * shows unread, opens and becomes read; a user sends feedback through the form, the operator
 * replies through the platform API, the reply reaches the inbox, whose item opens the feedback on
 * the overview with the reply; both open from the device's kept answers with the server out of
 * reach; the overview at 360 px. The news item is withdrawn at the end, so
 * specs after this one find the news as they left it.
 */

const platform = { 'x-platform-secret': E2E.platformSecret, 'x-platform-operator': 'e2e' };

async function platformCall<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const answer = await request.post(`/api${path}`, { headers: platform, data });
  const body = (await answer.json()) as { code: number; data: T };
  expect(body.code, `${path} answered ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

const newsCard = (page: Page) => page.getByRole('region', { name: /^最新消息/ });
const feedbackCard = (page: Page) => page.getByRole('region', { name: /^意見回饋/ });

test('news from the platform shows unread, opens and becomes read; feedback gets the operator\'s reply; 360 px', async ({ page, context }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  const token = (await tokenOf(page)) ?? '';
  const title = `e2e 維護公告 ${RUN}`;
  const news = await platformCall<{ id: number }>(page.request, '/platform/news/publish', {
    titleZhTw: title,
    bodyZhTw: `週六 02:00 進行維護。\n第二行 ${RUN}`,
    titleEn: `e2e maintenance ${RUN}`,
    bodyEn: 'Saturday 02:00.',
  });
  try {
    await newsSteps(page, news.id, title);
    const reply = await feedbackSteps(page, token);
    await keptOffline(page, context, title, reply);
    await narrowScreen(page);
  } finally {
    await platformCall(page.request, '/platform/news/withdraw', { id: news.id });
  }
});

async function newsSteps(page: Page, id: number, title: string): Promise<void> {
  await page.reload();
  const entry = newsCard(page).locator(`[data-news-id="${id}"]`);
  await expect(entry).toHaveAttribute('data-read', 'false');
  await expect(entry.getByRole('button')).toHaveAccessibleName(new RegExp(`未讀.*${title}`));
  await entry.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText(`第二行 ${RUN}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(entry).toHaveAttribute('data-read', 'true');
  await expect(entry.getByRole('button')).toBeFocused();
  await page.reload();
  await expect(newsCard(page).locator(`[data-news-id="${id}"]`)).toHaveAttribute('data-read', 'true');
}

async function sendThroughForm(page: Page, text: string): Promise<void> {
  await feedbackCard(page).getByRole('button', { name: '提供意見' }).click();
  const dialog = page.getByRole('dialog', { name: '提供意見' });
  await dialog.getByRole('button', { name: '送出' }).click();
  await expect(dialog.getByText('此欄位為必填')).toHaveCount(2);
  await dialog.getByLabel('類別').selectOption({ label: '功能建議' });
  await dialog.getByLabel('您的意見').fill(text);
  await dialog.getByRole('button', { name: '送出' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('已送出意見，客服會在這裡回覆。')).toBeVisible();
}

async function feedbackSteps(page: Page, token: string): Promise<string> {
  const text = `e2e 希望可以匯出 PDF 報表 ${RUN}`;
  await sendThroughForm(page, text);
  const entry = feedbackCard(page).getByRole('listitem').filter({ hasText: text });
  await expect(entry).toContainText('等待回覆');
  const mine = await apiCall<{ list: { id: number; text: string }[] }>(page.request, token, '/feedback/list', {});
  const id = mine.list.find((item) => item.text === text)?.id ?? 0;
  expect(id).toBeGreaterThan(0);

  const reply = `e2e 已列入規劃 ${RUN}`;
  await platformCall(page.request, '/platform/feedback/reply', { feedbackId: id, text: reply });
  await page.reload();
  await expect(entry).toHaveAttribute('data-read', 'false');
  await expect(entry).toContainText('1 則回覆');

  // The inbox item leads to the feedback, open, its reply seen.
  await page.getByRole('button', { name: /^收件匣/ }).click();
  await page.getByRole('link', { name: /您的意見回饋有新回覆/ }).filter({ hasText: reply }).first().click();
  await expect(page).toHaveURL(new RegExp(`/overview\\?feedback=${id}$`));
  await expect(entry.getByText(reply)).toBeVisible();
  await expect(entry.getByRole('button', { expanded: true })).toBeVisible();
  await expect(entry).toHaveAttribute('data-read', 'true');
  await page.goto('/overview');
  await expect(entry).toHaveAttribute('data-read', 'true');
  await entry.getByRole('button').click();
  await expect(entry.getByText(reply)).toBeVisible();
  return reply;
}

async function keptOffline(page: Page, context: BrowserContext, title: string, reply: string): Promise<void> {
  await expectStored(page, title);
  await expectStored(page, reply);
  await expectServiceWorkerInControl(page);
  await cutServer(context);
  try {
    await page.reload();
    await expect(offlineBanner(page)).toContainText(/無法連線到伺服器/);
    await expect(newsCard(page).getByRole('button', { name: title })).toBeVisible();
    await feedbackCard(page).getByRole('button', { expanded: false }).filter({ hasText: RUN }).first().click();
    await expect(feedbackCard(page).getByText(reply)).toBeVisible();
    await expect(feedbackCard(page).getByRole('button', { name: '提供意見' })).toBeDisabled();
  } finally {
    await restoreServer(context);
  }
}

async function narrowScreen(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/overview');
  await expect(newsCard(page)).toBeVisible();
  await feedbackCard(page).scrollIntoViewIfNeeded();
  for (const card of [newsCard(page), feedbackCard(page)]) {
    const box = await card.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await feedbackCard(page).getByRole('button', { name: '提供意見' }).click();
  const dialog = page.getByRole('dialog', { name: '提供意見' });
  await expect(dialog.getByLabel('您的意見')).toBeFocused();
  const box = await dialog.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
  await dialog.getByRole('button', { name: '送出' }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: '送出' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(feedbackCard(page).getByRole('button', { name: '提供意見' })).toBeFocused();
}
