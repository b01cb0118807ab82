import { describe, expect, it } from 'vitest';

import {
  LICENSE_CODE_MESSAGES,
  LICENSE_ERROR_CODES,
  LICENSE_VALIDATION_CODES,
  USAGE_BATCH_MAX,
  ZLicenseActivateBody,
  ZLicenseValidateBody,
  ZUsageEvent,
  ZUsageReportBody,
} from './license-server';
import { DEACTIVATIONS_PER_WINDOW, DEACTIVATION_WINDOW_DAYS } from './license-terms';

const event = {
  event_id: '5f0c3a52-2b1e-4c55-9d7e-0d8f1c1b7a01',
  kind: 'success',
  timestamp: '2025-01-01T10:00:00Z',
  file_type: 'jpg',
  processing_time: 1.2,
};
const report = (events: unknown[]) => ({ license_key: 'k', device_id: 'd', events });

describe('licence server requests', () => {
  it('canonicalise the key the desktop program sends and take the device id as sent', () => {
    expect(
      ZLicenseActivateBody.parse({ license_key: 'abcde fghjk mnpqr stvwx yz012 34567', device_id: 'PC-1' }),
    ).toEqual({ license_key: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567', device_id: 'PC-1' });
    // An id with spaces around it is refused, not trimmed into another device's id.
    for (const device_id of [' PC-1 ', 'PC-1 ', ' PC-1', 'PC-1\t']) {
      expect(ZLicenseActivateBody.safeParse({ license_key: 'K', device_id }).success, JSON.stringify(device_id)).toBe(false);
      expect(ZLicenseValidateBody.safeParse({ license_key: 'K', device_id }).success, JSON.stringify(device_id)).toBe(false);
    }
    // Control characters are refused in the id and the name, not stored.
    for (const bad of ['PC\u0000-1', 'PC\n1', 'PC\u001b[31m', 'PC\u007f', 'PC\u0085']) {
      expect(ZLicenseActivateBody.safeParse({ license_key: 'K', device_id: bad }).success, JSON.stringify(bad)).toBe(false);
      expect(ZLicenseActivateBody.safeParse({ license_key: 'K', device_id: 'PC-1', device_name: bad }).success, JSON.stringify(bad)).toBe(false);
    }
    // Spaces inside an id are part of it.
    expect(ZLicenseActivateBody.parse({ license_key: 'K', device_id: 'Booth PC 1' }).device_id).toBe('Booth PC 1');
    expect(ZLicenseValidateBody.parse({ license_key: 'abcde-fghjk-mnpqr-stvwx-yz012-3456o', device_id: 'PC-1' }).license_key).toBe(
      'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34560',
    );
    expect(ZLicenseActivateBody.safeParse({ license_key: '', device_id: 'PC-1' }).success).toBe(false);
    expect(ZLicenseActivateBody.safeParse({ license_key: 'K', device_id: '' }).success).toBe(false);
    expect(ZLicenseActivateBody.safeParse({ license_key: 'K', device_id: 'x'.repeat(201) }).success).toBe(false);
  });

  it('take 1 to 100 usage events with a zoned timestamp', () => {
    expect(ZUsageReportBody.safeParse(report([event])).success).toBe(true);
    expect(ZUsageReportBody.safeParse(report([{ ...event, kind: 'error', error_message: 'printer offline' }])).success).toBe(true);
    expect(ZUsageReportBody.safeParse(report(Array.from({ length: USAGE_BATCH_MAX }, () => event))).success).toBe(true);
    expect(ZUsageReportBody.safeParse(report(Array.from({ length: USAGE_BATCH_MAX + 1 }, () => event))).success).toBe(false);
    expect(ZUsageReportBody.safeParse(report([])).success).toBe(false);
    for (const bad of [
      { ...event, kind: 'warning' },
      { ...event, processing_time: -1 },
      { ...event, timestamp: 'yesterday' },
      { ...event, timestamp: '2025-01-01' },
      { ...event, event_id: '' },
      { ...event, filename: 'x'.repeat(256) },
      { kind: 'success', timestamp: event.timestamp, file_type: 'jpg' },
    ]) {
      // The event is refused on its own (INVALID in the answer); the report still parses.
      expect(ZUsageEvent.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
      expect(ZUsageReportBody.safeParse(report([event, bad])).success, JSON.stringify(bad).slice(0, 80)).toBe(true);
    }
    // An over-long error message is cut to 2,000 characters (code points), never refused.
    expect(ZUsageEvent.parse({ ...event, error_message: 'x'.repeat(2001) }).error_message).toBe('x'.repeat(2000));
    expect(ZUsageEvent.parse({ ...event, error_message: '\u{1F4F7}'.repeat(2001) }).error_message).toBe('\u{1F4F7}'.repeat(2000));
  });

  it('refuse a device id with a bidirectional or zero-width character, and clean a device name of them', () => {
    for (const id of ['PC\u202E1', 'PC\u200B1', '\uFEFFPC']) expect(ZLicenseValidateBody.safeParse({ license_key: 'K', device_id: id }).success, id).toBe(false);
    const parsed = ZLicenseActivateBody.parse({ license_key: 'K', device_id: 'PC-1', device_name: ' \u202EBooth\u200B 1\u2069 ' });
    expect(parsed.device_name).toBe('Booth 1');
  });
});

describe('licence codes', () => {
  it('have a sentence each, and the deactivation limit names its numbers', () => {
    for (const code of [...LICENSE_VALIDATION_CODES, ...LICENSE_ERROR_CODES]) expect(LICENSE_CODE_MESSAGES[code], code).toBeTruthy();
    expect(LICENSE_CODE_MESSAGES.DEACTIVATION_LIMIT).toContain(`${DEACTIVATIONS_PER_WINDOW} per ${DEACTIVATION_WINDOW_DAYS} days`);
  });
});
