import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TUsageEvent } from '@lbs/domain/report-responses';
import { USAGE_COLUMNS } from './event-tables';

afterEach(cleanup);

const event: TUsageEvent = {
  id: 1,
  timestamp: '2026-11-20T10:00:00.000Z',
  ip_address: '10.0.0.1',
  filename: 'IMG_1.jpg',
  file_type: 'jpg',
  processing_time: 1.5,
  device_address: '3f2b8c1e-0d4a-4f7e-9b1a-2c3d4e5f6a7b',
  license_id: null,
  key_suffix: null,
};

const deviceCell = (e: TUsageEvent) =>
  render(<MemoryRouter>{USAGE_COLUMNS.find((c) => c.key === 'device')!.cell(e)}</MemoryRouter>);

describe('the device of an event', () => {
  it('links to its licence in the admin licence list, found by the licence id', () => {
    deviceCell({ ...event, license_id: 'lic 42', key_suffix: '4567' });
    const link = screen.getByRole('link', { name: /3f2b8c1e-0d4a-4f7e-9b1a-2c3d4e5f6a7b, open its license …4567/ });
    expect(link.getAttribute('href')).toBe('/accounts/overview/licenses?q=lic%2042');
  });
  it('is plain text when the event names no licence', () => {
    const { container } = deviceCell(event);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('3f2b8c1e');
  });
});
