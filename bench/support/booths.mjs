// Booths for the licence benches: yearly keys an admin generates in the back office, each
// activated on its own device, as the desktop program does.
import { api, captcha } from './bench-server.mjs';

/** The bootstrap admin the benches start the product with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Adm1n-Passw0rd!' };
export const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

export const activateBody = (b) => ({ license_key: b.key, device_id: b.device, device_name: `Booth ${b.device}`, app_version: '2.4.1' });
export const validateBody = (b) => ({ license_key: b.key, device_id: b.device, app_version: '2.4.1' });

/** autocannon's requests: `body(booth)` posted to `path`, round-robin over the booths, so concurrent requests touch different licence rows, as real booths do. */
export function boothRequests(booths, path, body) {
  let next = 0;
  return [
    {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const booth = booths[next++ % booths.length];
        return { ...req, body: JSON.stringify(body(booth)) };
      },
    },
  ];
}

/** count yearly keys made by an admin in the back office, each activated on its own booth. */
export async function activatedBooths(baseUrl, count) {
  const session = await api(baseUrl, 'POST', '/api/users/signin', { user: ADMIN, recaptchaToken: await captcha(baseUrl) });
  const made = [];
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const license = await api(baseUrl, 'POST', '/api/subscriptions/licenses', { email: ADMIN.email, mode: 'year', start_date: '', end_date: '' }, session.access_token);
        const booth = { key: license.license_key, device: `booth-${String(i + j).padStart(4, '0')}` };
        const activated = await api(baseUrl, 'POST', '/api/licenses/activate', activateBody(booth));
        if (!activated.valid) throw new Error(`activation refused: ${JSON.stringify(activated)}`);
        return booth;
      }),
    );
    made.push(...batch);
  }
  return made;
}

