import { describe, expect, it } from 'vitest';
import { clickPathOf, consolePathOf, notificationOf, parsePushPayload } from '../../../src/client/app/pwa/push-notification.js';

const payload = { kind: 'inbox', sno: 42, title: '部署完成', body: '任務「官網」已部署到 3 個節點', url: '/overview?inbox=42', tag: 'inbox-42' };

describe('a push as the service worker reads it', () => {
  it('shows the server’s localized title and body, tagged per inbox item, pointing at the item', () => {
    const notification = notificationOf(parsePushPayload(JSON.stringify(payload)));
    expect(notification).toEqual({
      title: '部署完成',
      options: {
        body: '任務「官網」已部署到 3 個節點',
        tag: 'inbox-42',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/overview?inbox=42', sno: 42 },
      },
    });
  });

  it('still shows a notification for an empty, unreadable or foreign payload, opening the overview', () => {
    for (const text of [null, '', 'not json', '[]', '{"kind":"other","sno":1,"title":"x"}', JSON.stringify({ ...payload, title: ' ' }), JSON.stringify({ ...payload, sno: '42' })]) {
      const notification = notificationOf(parsePushPayload(text));
      expect([text, notification.title, notification.options.data]).toEqual([text, 'Vigil', { url: '/overview', sno: null }]);
    }
  });

  it('fills a missing body and tag', () => {
    const parsed = parsePushPayload(JSON.stringify({ kind: 'inbox', sno: 7, title: 'Hi', url: '/overview?inbox=7' }));
    expect(parsed).toMatchObject({ body: '', tag: 'inbox-7', url: '/overview?inbox=7' });
  });
});

describe('where a notification may take the console', () => {
  it('only to a path of this origin', () => {
    expect(consolePathOf('/overview?inbox=3')).toBe('/overview?inbox=3');
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'overview', 3, null, undefined]) {
      expect(consolePathOf(url)).toBe('/overview');
    }
    expect(parsePushPayload(JSON.stringify({ ...payload, url: 'https://evil.example/' }))?.url).toBe('/overview');
  });

  it('a click opens the path the notification was shown with', () => {
    expect(clickPathOf({ url: '/overview?inbox=9', sno: 9 })).toBe('/overview?inbox=9');
    expect(clickPathOf(null)).toBe('/overview');
    expect(clickPathOf({ url: 'https://evil.example/' })).toBe('/overview');
  });
});
