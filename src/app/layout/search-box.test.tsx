import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../api/search-api';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

const RESULTS: SearchResult[] = [
  { id: 7, name: 'Tim mạch', type: 'speciality', typeId: 2 },
  { id: 31, name: 'BS. Trần Tim', type: 'doctor', typeId: 0 },
  { id: 4, name: 'Đau tim', type: 'symptom', typeId: 1 },
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

// The API is faked at the network, so the test sees exactly which searches the box sends, and when.
let api: ReturnType<typeof fakeApi>;
const searches = () => api.calls('GET', 'GlobalSearches').map((sent) => Object.fromEntries(sent.search));

describe('SearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api = fakeApi({ GlobalSearches: { data: RESULTS } });
  });
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(
      <>
        <SearchBox />
        <Where />
      </>,
    );
    return { user, input: screen.getByRole('combobox') };
  };

  it('waits 1000 ms after the last keystroke before one search request', async () => {
    const { user, input } = setup();
    await user.type(input, 'tim mach');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    expect(searches()).toEqual([]);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(searches()).toEqual([{ searchText: 'tim mach', languageId: '2' }]));
  });

  it('groups results by type and moves through them with the arrow keys', async () => {
    const { user, input } = setup();
    await user.type(input, 'tim');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: 'Tim mạch' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const groups = screen.getAllByRole('group').map((group) => group.textContent);
    expect(groups).toEqual(['Bác sĩBS. Trần Tim', 'Chuyên khoaTim mạch', 'Triệu chứngĐau tim']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toBe('Tim mạch');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}'); // wraps to the last option
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toBe(
      'Đau tim',
    );
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/doctor-list?symptomId=4');
  });

  it('opens a doctor, or the filtered list on Enter without a highlighted option', async () => {
    const { user, input } = setup();
    await user.type(input, 'tim');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: 'BS. Trần Tim' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/doctor-details/31');
    await user.clear(input);
    await user.type(input, 'tim mach{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/doctor-list?searchText=tim+mach');
  });

  it('closes on Escape, then clears the text on a second Escape', async () => {
    const { user, input } = setup();
    await user.type(input, 'tim');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: 'Tim mạch' });
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input).toHaveProperty('value', 'tim');
    await user.keyboard('{Escape}');
    expect(input).toHaveProperty('value', '');
  });
});
