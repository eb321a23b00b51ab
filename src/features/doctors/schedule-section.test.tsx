import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenLoginContext } from '../../app/layout/open-login-context';
import { addDays, todayIn } from '../../../schemas/time';
import { saveUser } from '../../lib/user-storage';
import { renderWithProviders } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { ScheduleSection } from './components/schedule-section';

const day = addDays(todayIn('Asia/Ho_Chi_Minh'), 1);
const schedule = [
  {
    date: day,
    timeSlots: [
      {
        timeSlot: 0,
        slots: [
          { slotId: 101, startsAt: `${day}T01:00:00.000Z`, endsAt: `${day}T01:30:00.000Z`, hospitalId: 9 },
        ],
      },
    ],
  },
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const originalTz = process.env.TZ;
afterEach(() => {
  vi.unstubAllGlobals();
  process.env.TZ = originalTz;
});

describe('ScheduleSection', () => {
  it("shows a visitor abroad the hospital's clock (Morning 08:00, not Paris's 02:00), labelled", async () => {
    process.env.TZ = 'Europe/Paris';
    fakeApi({ 'Appointments/GetDoctorScheduleTimingSlots': { data: schedule } });
    renderWithProviders(<ScheduleSection doctorId={5} />);
    const morning = await screen.findByRole('list', { name: /Buổi sáng/ });
    expect(within(morning).getByRole('button').textContent).toBe('08:00');
    expect(screen.getByText('Giờ hiển thị theo Giờ Việt Nam (GMT+7).')).toBeTruthy();
  });

  it('opens the booking flow on the slot and its hospital, or the sign-in dialog with that destination', async () => {
    process.env.TZ = 'Asia/Ho_Chi_Minh';
    fakeApi({ 'Appointments/GetDoctorScheduleTimingSlots': { data: schedule } });
    const openLogin = vi.fn();
    const target = `/book-appointment?doctorId=5&serviceType=0&hospitalId=9&date=${day}&slotId=101`;
    const view = renderWithProviders(
      <OpenLoginContext.Provider value={openLogin}>
        <ScheduleSection doctorId={5} serviceType={0} />
        <Where />
      </OpenLoginContext.Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /08:00/ }));
    expect(openLogin).toHaveBeenCalledWith(target);
    view.unmount();
    saveUser({ userId: 7, token: 'tok' });
    renderWithProviders(
      <OpenLoginContext.Provider value={openLogin}>
        <ScheduleSection doctorId={5} serviceType={0} />
        <Where />
      </OpenLoginContext.Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /08:00/ }));
    expect(screen.getByTestId('where').textContent).toBe(target);
  });
});
