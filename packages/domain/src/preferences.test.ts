import { describe, expect, it } from 'vitest';
import { DISPLAY_TIME_ZONES, displayTimeZoneFor, ZDisplayTimeZone, ZPreferences } from './preferences';

describe('the time zone preselected at sign-up', () => {
  it('is the browser’s own zone when it is listed, the Indonesian ones included', () => {
    for (const z of DISPLAY_TIME_ZONES) expect(displayTimeZoneFor(z.id)).toBe(z.id);
    expect(displayTimeZoneFor('Asia/Jakarta')).toBe('Asia/Jakarta');
    expect(displayTimeZoneFor('Asia/Makassar')).toBe('Asia/Makassar');
    expect(displayTimeZoneFor('Asia/Jayapura')).toBe('Asia/Jayapura');
  });
  it('is the listed name of an alias browsers still report (Chrome says Asia/Calcutta)', () => {
    expect(displayTimeZoneFor('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(displayTimeZoneFor('US/Pacific')).toBe('America/Los_Angeles');
    expect(displayTimeZoneFor('Singapore')).toBe('Asia/Singapore');
    expect(displayTimeZoneFor('Asia/Ujung_Pandang')).toBe('Asia/Makassar');
    expect(displayTimeZoneFor('Australia/NSW')).toBe('Australia/Sydney');
  });
  it('is Singapore for any other zone, even one on the same clock today, and for none', () => {
    expect(displayTimeZoneFor('Asia/Bangkok')).toBe('Asia/Singapore');
    expect(displayTimeZoneFor('Asia/Kuala_Lumpur')).toBe('Asia/Singapore');
    expect(displayTimeZoneFor('Europe/London')).toBe('Asia/Singapore');
    expect(displayTimeZoneFor(undefined)).toBe('Asia/Singapore');
    expect(displayTimeZoneFor('')).toBe('Asia/Singapore');
  });
});

describe('the zone rule', () => {
  it('takes every listed zone and refuses anything else with one message', () => {
    expect(DISPLAY_TIME_ZONES.map((z) => z.id)).toEqual([
      'America/Los_Angeles',
      'America/Denver',
      'America/Chicago',
      'America/New_York',
      'Etc/GMT',
      'Europe/Paris',
      'Asia/Kolkata',
      'Asia/Jakarta',
      'Asia/Singapore',
      'Asia/Makassar',
      'Asia/Jayapura',
      'Australia/Sydney',
    ]);
    expect(ZDisplayTimeZone.safeParse('Asia/Jakarta').success).toBe(true);
    expect(ZPreferences.safeParse({ promotional_emails: true, announcements: true, time_zone: 'Asia/Jayapura' }).success).toBe(true);
    const bad = ZDisplayTimeZone.safeParse('Asia/Bangkok');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Choose one of the listed time zones');
  });
});
