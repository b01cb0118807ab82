import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

describe('startBanner', () => {
  it('says where to open the shop, how to sign in as the admin and where the mail goes', () => {
    const text = startBanner({ url: 'http://localhost:3000', admin: { email: 'admin@lenticularbooth.local', password: 'printed above' }, devTools: true, driver: 'pglite', mail: 'dev-mailbox' });
    expect(text).toContain('Open      http://localhost:3000');
    expect(text).toContain('admin@lenticularbooth.local with the password printed above (shown once)');
    expect(text).toContain('http://localhost:3000/dev/mailbox');
    expect(text.split('\n').length).toBeLessThanOrEqual(12);
  });

  it('names ADMIN_PASSWORD, and has no mailbox line in production', () => {
    const text = startBanner({ url: 'https://shop.example', admin: { email: 'owner@shop.example', password: 'ADMIN_PASSWORD' }, devTools: false, driver: 'postgres', mail: 'smtp' });
    expect(text).toContain('owner@shop.example with the password in ADMIN_PASSWORD');
    expect(text).not.toContain('mailbox');
  });
});
