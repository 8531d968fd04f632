import { describe, expect, it } from 'vitest';
import { TAG_MESSAGES, createTagBodySchema, updateTagBodySchema } from './tags.ts';

describe('tag contracts', () => {
  it('requires a company and a name; colour and description are optional', () => {
    expect(createTagBodySchema.parse({ company_id: 2, name: ' Field ' })).toEqual({
      company_id: 2,
      name: 'Field',
    });
    const missing = createTagBodySchema.safeParse({ description: 'x' });
    expect(missing.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'company_id',
      'name',
    ]);
  });

  it('lower-cases #rrggbb colours and refuses anything else', () => {
    expect(createTagBodySchema.parse({ company_id: 1, name: 'a', color: '#A1B2C3' }).color).toBe(
      '#a1b2c3',
    );
    for (const color of ['red', '#abc', '#1234567', 'a1b2c3']) {
      const result = createTagBodySchema.safeParse({ company_id: 1, name: 'a', color });
      expect(result.error?.issues[0]?.message).toBe(TAG_MESSAGES.invalidColor);
    }
  });

  it('accepts RMS actions (action and source_id, as RMS defines them), and limits lengths', () => {
    const actions = [{ action: 'firmware_upload', source_id: 4 }];
    expect(createTagBodySchema.safeParse({ company_id: 1, name: 'a', actions }).success).toBe(true);
    // RMS allows only its four action names.
    const unknown = [{ action: 'reboot', source_id: 4 }];
    expect(
      createTagBodySchema.safeParse({ company_id: 1, name: 'a', actions: unknown }).success,
    ).toBe(false);
    expect(updateTagBodySchema.safeParse({ name: 'x'.repeat(256) }).success).toBe(false);
    expect(updateTagBodySchema.safeParse({ description: 'x'.repeat(1001) }).success).toBe(false);
    expect(updateTagBodySchema.safeParse({ name: 'a|b' }).success).toBe(false);
    expect(updateTagBodySchema.parse({ color: null })).toEqual({ color: null });
  });
});
