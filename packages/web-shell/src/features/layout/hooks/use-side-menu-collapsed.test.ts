import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useSideMenuCollapsed } from './use-side-menu-collapsed.ts';

const KEY = 'portico.test.sideMenuCollapsed';

describe('the side menu collapse', () => {
  test('a click toggles it and is kept in local storage', () => {
    const { result } = renderHook(() => useSideMenuCollapsed(KEY));
    expect(result.current.collapsed).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.collapsed).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('true');
    act(() => result.current.toggle());
    expect(localStorage.getItem(KEY)).toBe('false');
  });

  test('the stored choice survives a reload', () => {
    localStorage.setItem(KEY, 'true');
    const { result } = renderHook(() => useSideMenuCollapsed(KEY));
    expect(result.current.collapsed).toBe(true);
  });

  test("below 'lg' it collapses without changing the choice, and comes back on a wide screen", () => {
    const { result } = renderHook(() => useSideMenuCollapsed(KEY));
    act(() => result.current.onBreakpoint(true));
    expect(result.current.collapsed).toBe(true);
    expect(localStorage.getItem(KEY)).toBeNull();
    act(() => result.current.onBreakpoint(false));
    expect(result.current.collapsed).toBe(false);
  });

  test('on a narrow screen a click opens it over the content, without changing the choice', () => {
    localStorage.setItem(KEY, 'true');
    const { result } = renderHook(() => useSideMenuCollapsed(KEY));
    act(() => result.current.onBreakpoint(true));
    act(() => result.current.toggle());
    expect(result.current.collapsed).toBe(false);
    expect(result.current.overlay).toBe(true);
    act(() => result.current.closeOverlay());
    expect(result.current.collapsed).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('true');
  });

  test('a wide screen comes back to the stored choice', () => {
    localStorage.setItem(KEY, 'true');
    const { result } = renderHook(() => useSideMenuCollapsed(KEY));
    act(() => result.current.onBreakpoint(true));
    act(() => result.current.onBreakpoint(false));
    expect(result.current.collapsed).toBe(true);
  });
});
