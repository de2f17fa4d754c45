import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { UserMenu } from './user-menu.tsx';

const URL = 'http://localhost/idp/account/security?back=portal';

describe('the user menu on the name in the header', () => {
  test('the name opens a menu that links to "Sign-in and security"; Escape closes it and returns the focus', async () => {
    render(<UserMenu userName="Bob Baker" showName accountUrl={URL} />);
    const button = screen.getByRole('button', { name: 'Bob Baker' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Sign-in and security' })).toBeNull();

    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Sign-in and security' }).getAttribute('href')).toBe(URL);

    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  test('on a narrow screen the icon alone says whose menu it is', () => {
    render(<UserMenu userName="Bob Baker" showName={false} accountUrl={URL} />);
    expect(screen.getByRole('button', { name: 'Signed in as Bob Baker: account menu' })).toBeTruthy();
  });
});
