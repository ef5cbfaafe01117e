import { describe, expect, it } from 'vitest';
import { menuIndexAfter, shiftIntoViewport } from '../../../src/client/lib/use-popup.js';

describe('keys in a menu (account menu)', () => {
  it('go down and up among the items, wrapping at both ends', () => {
    expect(menuIndexAfter('ArrowDown', 0, 3)).toBe(1);
    expect(menuIndexAfter('ArrowDown', 2, 3)).toBe(0);
    expect(menuIndexAfter('ArrowUp', 0, 3)).toBe(2);
    expect(menuIndexAfter('ArrowUp', 2, 3)).toBe(1);
  });

  it('start at the first item going down and the last going up when none has focus', () => {
    expect(menuIndexAfter('ArrowDown', -1, 3)).toBe(0);
    expect(menuIndexAfter('ArrowUp', -1, 3)).toBe(2);
  });

  it('jump to the first and last item with Home and End', () => {
    expect(menuIndexAfter('Home', 1, 3)).toBe(0);
    expect(menuIndexAfter('End', 1, 3)).toBe(2);
  });

  it('leave other keys (Enter, letters) to the item, and do nothing in an empty menu', () => {
    expect(menuIndexAfter('Enter', 1, 3)).toBeNull();
    expect(menuIndexAfter('a', 1, 3)).toBeNull();
    expect(menuIndexAfter('ArrowDown', -1, 0)).toBeNull();
  });
});

describe('a panel on a narrow screen', () => {
  it('stays where it is when it fits', () => {
    expect(shiftIntoViewport(100, 324, 1280)).toBe(0);
  });

  it('moves right when it would start left of the screen (the bell on a 360 px phone)', () => {
    expect(shiftIntoViewport(-40, 304, 360)).toBe(48);
  });

  it('moves left when it would end right of the screen', () => {
    expect(shiftIntoViewport(200, 380, 360)).toBe(-28);
  });

  it('keeps its start on the screen when it is wider than the screen', () => {
    expect(shiftIntoViewport(20, 420, 360)).toBe(-12);
  });
});
