import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, pathForRouteName } from '@netfleet/contracts';
import { FORMS } from './form-definitions';
import { ACCOUNT_MENU_FORMS } from './forms';

describe('account menu forms', () => {
  it("shows each registered form under its definition's title and permission", () => {
    for (const entry of ACCOUNT_MENU_FORMS) {
      const definition = FORMS[entry.name];
      expect(definition, entry.name).toBeDefined();
      expect({
        name: entry.name,
        title: definition?.title,
        permission: definition?.permission,
      }).toEqual(entry);
    }
  });

  it('offers the device API documentation upload after add company data (spec order)', () => {
    const names = ACCOUNT_MENU_FORMS.map((entry) => entry.name);
    expect(names.indexOf('upload-device-api-documentation')).toBe(
      names.indexOf('add-company-data') + 1,
    );
    expect(FORMS['upload-device-api-documentation']).toMatchObject({
      method: 'POST',
      url: '/device-documentations',
      multipart: true,
    });
  });
});

describe('generic forms', () => {
  it('reach the device forms at /forms/<name>/<device id>', () => {
    expect(FORMS['edit-device']).toMatchObject({ name: 'edit-device', method: 'PUT' });
    expect(FORMS['device-position']).toMatchObject({ name: 'device-position', method: 'PUT' });
  });
});

describe('menu forms', () => {
  it('open a registered form under the menu item permission (System → Move device resources)', () => {
    const items = MENU_GROUPS.flatMap((group) => group.items).filter((item) =>
      item.routeName.startsWith('forms.'),
    );
    expect(items.map((item) => item.routeName)).toContain('forms.move-device-resources');
    for (const item of items) {
      const name = item.routeName.slice('forms.'.length);
      expect(pathForRouteName(item.routeName)).toBe(`/forms/${name}`);
      expect(FORMS[name], name).toMatchObject({ name, permission: item.permission });
    }
    expect(FORMS['move-device-resources']).toMatchObject({
      method: 'POST',
      url: '/devices/credits/move',
    });
  });
});
