import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, ROUTES } from '@netfleet/contracts';
import { i18n } from './i18n';
import { en } from './texts/en';
import { no } from './texts/no';

describe('shell catalogue', () => {
  it('titles every route and menu item, and names every menu group', () => {
    for (const route of ROUTES) expect(en.routes[route.name], route.name).toBe(route.title);
    for (const item of MENU_GROUPS.flatMap((group) => group.items))
      expect(en.routes[item.routeName], item.routeName).toBe(item.title);
    for (const group of MENU_GROUPS) expect(en.menu[group.key], group.key).toBe(group.name);
  });

  it('runs in English under test, with the page language set', () => {
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('routes.devices.list')).toBe('Devices');
  });

  it('finds the translated title of a route whose name holds dots, and falls back to English', async () => {
    const norwegian = i18next.createInstance();
    await norwegian.init({
      lng: 'no',
      fallbackLng: 'en',
      resources: {
        en: { translation: { ...en, header: { ...en.header, extra: 'Only in English' } } },
        no: { translation: no },
      },
    });
    expect(norwegian.t('routes.automations')).toBe('Varsler og automatiseringer');
    expect(norwegian.t('routes.automations.silences')).toBe('Dempinger av automatiseringer');
    expect(norwegian.t('routes.statistics.connection-manager')).toBe('Tilkoblingsbehandler');
    expect(norwegian.t('routes.forms.move-device-resources')).toBe('Flytt enhetsressurser');
    expect(norwegian.t('menu.management')).toBe('Styring');
    expect(norwegian.t('header.extra')).toBe('Only in English');
  });
});
