import { describe, expect, it } from 'vitest';
import { helpLink } from './help-link';

describe('helpLink', () => {
  const docs = 'https://docs.example.com/console';
  it("resolves a dialog's path under the brand's docs base", () => {
    expect(helpLink('dialogs/new-tag', docs)).toBe(
      'https://docs.example.com/console/dialogs/new-tag',
    );
  });
  it('keeps an absolute URL, and falls back to the docs base', () => {
    expect(helpLink('https://elsewhere.test/a', docs)).toBe('https://elsewhere.test/a');
    expect(helpLink(undefined, docs)).toBe(docs);
  });
  it('shows no link without a docs base, unless the dialog names an absolute one', () => {
    expect(helpLink(undefined, undefined)).toBeUndefined();
    expect(helpLink('dialogs/new-tag', undefined)).toBeUndefined();
    expect(helpLink('https://elsewhere.test/a', undefined)).toBe('https://elsewhere.test/a');
  });
});
