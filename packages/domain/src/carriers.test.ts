import { describe, expect, it } from 'vitest';
import { CARRIER_CODES, CARRIERS, carrierName, carrierTrackingUrl, isCarrierCode, isKnownCarrier, type KnownCarrierCode } from './carriers';

describe('carriers', () => {
  it('lists the issue’s carriers once, with other last', () => {
    expect(CARRIER_CODES.map(carrierName)).toEqual(['SingPost', 'DHL Express', 'FedEx', 'UPS', 'Ninja Van', 'J&T Express', 'JNE', 'Other']);
    expect(isCarrierCode('ups')).toBe(true);
    expect(isCarrierCode('UPS')).toBe(false);
    expect(isCarrierCode(undefined)).toBe(false);
    expect(isKnownCarrier('other')).toBe(false);
  });

  it('builds each carrier’s public tracking page from the number', () => {
    const expected: Record<KnownCarrierCode, string> = {
      singpost: 'https://www.singpost.com/track-items?trackingid=RR123456789SG',
      dhl_express: 'https://www.dhl.com/sg-en/home/tracking/tracking-express.html?submit=1&tracking-id=RR123456789SG',
      fedex: 'https://www.fedex.com/fedextrack/?trknbr=RR123456789SG',
      ups: 'https://www.ups.com/track?loc=en_SG&tracknum=RR123456789SG',
      ninja_van: 'https://www.ninjavan.co/en-sg/tracking?id=RR123456789SG',
      jt_express: 'https://www.jtexpress.sg/trajectoryQuery?billCode=RR123456789SG',
      jne: 'https://www.jne.co.id/tracking-package?awb=RR123456789SG',
    };
    for (const code of CARRIER_CODES) {
      if (!isKnownCarrier(code)) continue;
      const url = carrierTrackingUrl(code, ' RR123456789SG ');
      expect(url).toBe(expected[code]);
      // Each link is an https page whose last query parameter is the number.
      expect(url).toMatch(/^https:\/\/[a-z.-]+\/[^?#]*\?(?:[^&#]+&)*[^&#=]+=RR123456789SG$/);
    }
    expect(Object.keys(expected)).toHaveLength(CARRIER_CODES.length - 1);
  });

  it('encodes the number, so a number cannot add a parameter or leave the page', () => {
    const number = 'A B&x=1#frag/../evil?';
    for (const code of CARRIER_CODES) {
      if (!isKnownCarrier(code)) continue;
      const page = CARRIERS[code].trackingPage!('');
      const url = carrierTrackingUrl(code, number);
      expect(url.startsWith(page)).toBe(true);
      const tail = url.slice(page.length);
      expect(tail).not.toMatch(/[ &#/?=]/);
      expect(decodeURIComponent(tail)).toBe(number);
    }
  });

  it('has no link without a number', () => {
    expect(carrierTrackingUrl('ups', '')).toBe('');
    expect(carrierTrackingUrl('ups', '   ')).toBe('');
  });
});
