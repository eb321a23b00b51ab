import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Mở
      </button>
      <Dialog open={open} title="Đăng nhập" onClose={() => setOpen(false)}>
        <label>
          Tên <input />
        </label>
        <button type="submit">Gửi</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('focuses its first field, traps Tab, and returns focus to the opener on Escape', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    render(<Harness />, { container: root });
    const opener = screen.getByRole('button', { name: 'Mở' });
    await userEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Đăng nhập' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(root.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Tên' }));

    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Gửi' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Đóng' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Gửi' }));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(root.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
    root.remove();
  });
});
