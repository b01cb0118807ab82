import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MSG } from '@lbs/domain/messages';
import { formatDateTime } from '../../../lib/format-date';
import { freshStore } from '../../../test/fresh-store';
import { CustomerLicenses } from './customer-licenses';
import { licenseFixture } from '../../../test/license-fixture';

const license = licenseFixture;
const SHARED_AT = '2026-11-20T09:30:00.000Z';
const ITEMS = [
  license({ _id: 'l-copied', device_name: 'Copied booth', device_shared_at: SHARED_AT }),
  license({ _id: 'l-fine', device_name: 'Fine booth', license_key: 'ZZZZZ-FGHJK-MNPQR-STVWX-YZ012-99999' }),
];

beforeEach(() => {
  vi.stubGlobal('fetch', async () => Response.json({ items: ITEMS, total: ITEMS.length, page: 1, page_size: 10 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the customer page’s licences', () => {
  it('flag a key whose device was seen in two places, with when', async () => {
    render(
      <Provider store={freshStore()}>
        <CustomerLicenses customerId={7} page={1} onPage={() => {}} />
      </Provider>,
    );
    const cards = within(await screen.findByRole('list', { name: 'Licenses' })).getAllByRole('listitem');
    const copied = cards.find((c) => c.textContent?.includes('Copied booth'))!;
    const fine = cards.find((c) => c.textContent?.includes('Fine booth'))!;
    expect(within(copied).getByText('Seen in two places')).toBeTruthy();
    expect(within(copied).getByText(MSG.boothSharedExplanation, { exact: false })).toBeTruthy();
    expect(within(copied).getByText(formatDateTime(SHARED_AT)).getAttribute('datetime')).toBe(SHARED_AT);
    expect(within(fine).queryByText('Seen in two places')).toBeNull();
  });
});
