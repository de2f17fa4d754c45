import { render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { lazyPart } from './lazy-part.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('a lazily loaded part', () => {
  test('is not asked for until it is drawn, then drawn with its props', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Part = lazyPart(load);
    expect(load).not.toHaveBeenCalled();
    render(<Part name="bob" />);
    expect(await screen.findByText('Hello bob')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('preloading asks once, however often it is called, and drawing after it asks no more', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Part = lazyPart(load);
    Part.preload();
    Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(<Part name="carol" />);
    expect(await screen.findByText('Hello carol')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a part already loaded is drawn in the same render, without suspending', async () => {
    const Part = lazyPart(async () => ({ default: Greeting }));
    Part.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<Part name="erin" />);
    expect(screen.getByText('Hello erin')).toBeInTheDocument();
  });

  test('one of several parts a module exports by name', async () => {
    const module = { Greeting, Other: () => <p>other</p> };
    const load = vi.fn(async () => module);
    const Part = lazyPart(load, 'Greeting');
    render(<Part name="alice" />);
    expect(await screen.findByText('Hello alice')).toBeInTheDocument();
  });

  test('a chunk that failed to load is asked for again next time', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Greeting });
    const Part = lazyPart(load);
    Part.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<Part name="dave" />);
    expect(await screen.findByText('Hello dave')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
