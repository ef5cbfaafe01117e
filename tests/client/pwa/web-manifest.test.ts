import { describe, expect, it } from 'vitest';
import { BACKGROUND_COLOR, ICONS, THEME_COLOR, WEB_MANIFEST } from '../../../src/client/app/pwa/web-manifest.js';

describe('the web app manifest', () => {
  it('has what installing needs: names, id, start, scope, standalone, colours, language, description', () => {
    expect(WEB_MANIFEST).toMatchObject({
      id: '/',
      name: 'Vigil',
      short_name: 'Vigil',
      start_url: '/overview',
      scope: '/',
      display: 'standalone',
      lang: 'zh-Hant-TW',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
    });
    expect(WEB_MANIFEST.description.length).toBeGreaterThan(10);
  });

  it('lists icons of 192 and 512 for any use and a separate maskable 512', () => {
    const icons = WEB_MANIFEST.icons.map((icon) => `${icon.sizes} ${icon.purpose} ${icon.src}`);
    expect(icons).toEqual([`192x192 any ${ICONS.any192}`, `512x512 any ${ICONS.any512}`, `512x512 maskable ${ICONS.maskable512}`]);
  });

  it('has a narrow and a wide screenshot', () => {
    expect(WEB_MANIFEST.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of WEB_MANIFEST.screenshots) expect(shot.sizes).toMatch(/^\d+x\d+$/);
  });
});
