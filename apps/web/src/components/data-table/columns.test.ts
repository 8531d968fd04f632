import { describe, expect, it } from 'vitest';
import { pinnedStyle } from './columns';

describe('pinnedStyle', () => {
  it('keeps a right-pinned column at the right edge, its header above the cells', () => {
    const column = { key: 'actions', header: 'Actions', pinned: 'right' as const };
    const cell = pinnedStyle(column, 'cell');
    const header = pinnedStyle(column, 'header');
    expect(cell).toMatchObject({ position: 'sticky', right: 0 });
    expect(header).toMatchObject({ position: 'sticky', right: 0 });
    expect(Number(header?.zIndex)).toBeGreaterThan(Number(cell?.zIndex));
    // Opaque: the cells scrolling beneath must not show through.
    expect(cell?.backgroundColor).toBeTruthy();
  });

  it('leaves other columns alone', () => {
    expect(pinnedStyle({ key: 'name', header: 'Name' }, 'cell')).toBeUndefined();
  });
});
