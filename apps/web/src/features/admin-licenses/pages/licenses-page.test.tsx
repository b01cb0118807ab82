import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { formatDateTime } from '../../../lib/format-date';
import { freshStore } from '../../../test/fresh-store';
import { LicensesPage } from './licenses-page';
import { licenseFixture } from '../../../test/license-fixture';

const license = licenseFixture;
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
