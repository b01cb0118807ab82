import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import type { TLicense } from '@lbs/domain/responses';
import { formatDateTime } from '../../../lib/format-date';
import { freshStore } from '../../../test/fresh-store';
import { LicensesPage } from './licenses-page';

const license = (over: Partial<TLicense>): TLicense => ({
  _id: 'l-1',
  license_key: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567',
  type: 'year',
  email: 'ayu@booth.example',
  device_number: 'booth-1',
  device_bound_at: '2026-01-01T00:00:00.000Z',
  create_date: '2026-01-01T00:00:00.000Z',
  expire_date: '2027-01-01T00:00:00.000Z',
  is_expired: false,
  revoked: false,
  suspended: false,
  starts_later: false,
  activate_by: null,
  unstarted_term_hours: null,
  order_id: 1001,
  device_resets_left: 2,
  device_name: 'Front desk',
  app_version: '2.1.0',
  last_seen_at: null,
  device_shared_at: null,
  ...over,
});
const SHARED_AT = '2026-11-20T09:30:00.000Z';
const ITEMS = [
  license({ _id: 'l-copied', email: 'copied@booth.example', device_shared_at: SHARED_AT }),
  license({ _id: 'l-fine', email: 'fine@booth.example', license_key: 'ZZZZZ-FGHJK-MNPQR-STVWX-YZ012-99999' }),
];

beforeEach(() => {
  vi.stubGlobal('fetch', async () => Response.json({ items: ITEMS, total: ITEMS.length, page: 1, page_size: 10 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LICENSES', () => {
  it('flags a key whose device was seen in two places, with when, as the customer’s Booths page does', async () => {
    render(
      <Provider store={freshStore()}>
        <MemoryRouter>
          <LicensesPage />
        </MemoryRouter>
      </Provider>,
    );
    const rows = await screen.findAllByRole('row');
    const copied = rows.find((r) => r.textContent?.includes('copied@booth.example'))!;
    const fine = rows.find((r) => r.textContent?.includes('fine@booth.example'))!;
    expect(within(copied).getByText('Seen in two places')).toBeTruthy();
    expect(within(copied).getByText(MSG.boothSharedExplanation, { exact: false })).toBeTruthy();
    expect(within(copied).getByText(formatDateTime(SHARED_AT)).getAttribute('datetime')).toBe(SHARED_AT);
    expect(within(fine).queryByText('Seen in two places')).toBeNull();
  });
});
