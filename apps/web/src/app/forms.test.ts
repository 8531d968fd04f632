import { describe, expect, it } from 'vitest';
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
});

describe('generic forms', () => {
  it('reach the device forms at /forms/<name>/<device id>', () => {
    expect(FORMS['edit-device']).toMatchObject({ name: 'edit-device', method: 'PUT' });
    expect(FORMS['device-position']).toMatchObject({ name: 'device-position', method: 'PUT' });
  });
});
