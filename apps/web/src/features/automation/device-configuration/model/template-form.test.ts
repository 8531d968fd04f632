import { SECRET_VALUE_MASK } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { newOption, newRequest, newTemplateForm, templateFormSchema } from './template-form';

const issuesOf = (input: unknown) =>
  templateFormSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const lan = {
  ...newRequest(),
  path: '/network/lan',
  options: [{ ...newOption(), key: 'mtu', value: '1500' }],
};

describe('templateFormSchema', () => {
  it('checks the firmware range with the contract once the fields are valid', () => {
    expect(
      issuesOf({
        ...newTemplateForm(3),
        name: 'Office LAN',
        min_firmware: '07.08',
        max_firmware: '07.06',
        template: [lan],
      }),
    ).toEqual([['max_firmware', 'The minimum firmware must not be above the maximum']]);
  });

  it("puts the contract's refusal of a read, and a misplaced type, under their inputs", () => {
    expect(
      issuesOf({
        ...newTemplateForm(3),
        name: 'Office LAN',
        template: [
          { ...lan, method: 'get' },
          {
            ...lan,
            options: [{ ...newOption(), key: '.type', value: 'interface' }, lan.options[0]],
          },
        ],
      }),
    ).toEqual([
      ['template.0.method', 'A template changes configuration: use post, put or delete'],
      ['template.1.options.0.key', 'Choose the section type above'],
    ]);
  });

  it('sends a saved secret back as its mask, and checks one typed anew', () => {
    const wifi = (value: string) => ({
      ...newRequest(),
      path: '/wireless/default_radio0',
      options: [{ ...newOption(), key: 'key', value }],
    });
    const form = { ...newTemplateForm(3), name: 'Office Wi-Fi' };
    const parsed = templateFormSchema.safeParse({ ...form, template: [wifi(SECRET_VALUE_MASK)] });
    expect(parsed.data?.template[0]?.request_data).toEqual({ key: SECRET_VALUE_MASK });
    expect(issuesOf({ ...form, template: [wifi('short')] })).toEqual([
      ['template.0.options.0.value', expect.any(String)],
    ]);
  });
});
