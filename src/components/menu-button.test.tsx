import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { MenuButton } from './menu-button';

const setup = () => {
  const onSelect = vi.fn();
  renderWithProviders(
    <MenuButton
      label="Tài khoản"
      header={<strong>An</strong>}
      items={[
        { key: 'a', label: 'Lịch hẹn', to: '/me/appointments-list/' },
        { key: 'b', label: 'Địa chỉ', to: '/me/manage-address/' },
        { key: 'c', label: 'Đăng xuất', onSelect },
      ]}
    />,
  );
  return { onSelect, button: screen.getByRole('button', { name: 'Tài khoản' }) };
};

const focused = () => document.activeElement?.textContent;

describe('MenuButton', () => {
  it('opens with ArrowDown on the first item and moves with the arrow, Home and End keys', async () => {
    const { button } = setup();
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe('Lịch hẹn');
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toBe('Địa chỉ');
    await userEvent.keyboard('{End}');
    expect(focused()).toBe('Đăng xuất');
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toBe('Lịch hẹn');
    await userEvent.keyboard('{ArrowUp}');
    expect(focused()).toBe('Đăng xuất');
    await userEvent.keyboard('{Home}');
    expect(focused()).toBe('Lịch hẹn');
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { button } = setup();
    await userEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('runs an action item and closes', async () => {
    const { button, onSelect } = setup();
    button.focus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
