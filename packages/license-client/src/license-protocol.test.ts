import { randomBytes } from 'node:crypto';
import { ZLicenseActivateBody } from '@lbs/domain/license-server';
import { formatLicenseKey } from '@lbs/domain/license-terms';
import * as protocolKey from '@lbs/license-protocol/license-key';
import * as protocolRequest from '@lbs/license-protocol/offline-request';
import { describe, expect, it } from 'vitest';
import * as client from './index';

// The key normaliser and the offline request's format are @lbs/license-protocol's, tested there.
// The client exports them and keeps no copy of its own: a copy would be free to drift.
describe("the client's key and offline request format", () => {
  it("are the licence protocol's", () => {
    expect(client.normaliseLicenseKey).toBe(protocolKey.normaliseLicenseKey);
    expect(client.canonicalLicenseKey).toBe(protocolKey.canonicalLicenseKey);
    expect(client.OFFLINE_REQUEST_PREFIX).toBe(protocolRequest.OFFLINE_REQUEST_PREFIX);
    expect(client.OFFLINE_ANSWER_PREFIX).toBe(protocolRequest.OFFLINE_ANSWER_PREFIX);
    expect(client.OFFLINE_REQUEST_TTL_SECONDS).toBe(protocolRequest.OFFLINE_REQUEST_TTL_SECONDS);
  });

  it('canonicalises a typed key to what the server reads from a request body', () => {
    const key = formatLicenseKey(randomBytes(20));
    const typed = [key, key.toLowerCase(), ` ${key.replace(/-/g, ' ')}\n`, key.replace(/0/g, 'o').replace(/1/g, 'l'), ' LB-1234 ', 'not a key'];
    for (const text of typed) {
      const body = ZLicenseActivateBody.parse({ license_key: text, device_id: 'booth-1' });
      expect(client.canonicalLicenseKey(text), JSON.stringify(text)).toBe(body.license_key);
    }
  });
});
