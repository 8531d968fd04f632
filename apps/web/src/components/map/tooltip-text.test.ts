import { describe, expect, it } from 'vitest';
import { tooltipText } from './tooltip-text';

describe('tooltipText', () => {
  it('keeps markup in a label as text', () => {
    const label = '<img src=x onerror="window.__xss=1">: current position';
    const element = tooltipText(label);
    expect(element.textContent).toBe(label);
    expect(element.querySelector('img')).toBeNull();
  });
});
