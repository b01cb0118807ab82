import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { smtpTransport } from '../../integrations/mail/transport';
import { campaignMail } from './campaign-mail';

/** Through real SMTP (nodemailer to a test server): the one-click headers are on the wire as RFC 8058 wants them. */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer('accept');
});
afterAll(() => smtp?.close());

it('sends List-Unsubscribe and List-Unsubscribe-Post as header lines', async () => {
  const mail = campaignMail({
    campaign: { kind: 'announcement', subject: 'LentiBooth 2.4 is out', body: 'It prints twice as fast.' },
    customer: { email: 'jane@example.com', firstName: 'Jane', username: 'jane' },
    token: '42.abcdefghijklmnopqrstuvwxyzABCDEF',
    publicUrl: 'https://shop.example.com',
  });
  await smtpTransport(smtp.url, 'LentiBooth <shop@example.com>', 'https://shop.example.com').send(mail, 7);
  const [got] = smtp.accepted;
  // Header lines as a mail client reads them: long ones are folded (RFC 5322), so unfold first.
  const headers = got!.data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/shop\.example\.com\/api\/unsubscribe\/42\.abcdefghijklmnopqrstuvwxyzABCDEF\?list=announcement>$/m);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(got!.subject).toBe('LentiBooth 2.4 is out');
});
