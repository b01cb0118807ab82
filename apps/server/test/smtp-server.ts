import net from 'node:net';

/**
 * What the server answers once a message's data has arrived: 'accept' (250), 'refuse' (451, a
 * temporary failure a sender must retry), 'slow' (250 after `slowMs`), 'hang' (never answers).
 * 'down' answers every new connection with 421 and closes it.
 */
export type SmtpMode = 'accept' | 'refuse' | 'slow' | 'hang' | 'down';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body, dot-unstuffed, quoted-printable soft breaks joined). */
  data: string;
  /** The Message-ID header: the outbox id is in it. */
  messageId: string | undefined;
  subject: string;
}

export interface TestSmtpServer {
  url: string;
  mode: SmtpMode;
  slowMs: number;
  /** Accepted messages (those answered 250), in order. */
  accepted: ReceivedMail[];
  /** Every message whose data arrived, whatever the answer. */
  attempts: ReceivedMail[];
  /** Resolves when the next message's data has arrived (before it is answered). */
  nextData(): Promise<ReceivedMail>;
  /** Accepted mail to one address, newest first, shaped like the dev mailbox's answer. */
  mailTo(address: string): Promise<{ subject: string; text: string }[]>;
  close(): Promise<void>;
}

/**
 * A small SMTP server on 127.0.0.1 that speaks just enough of RFC 5321 for nodemailer (no TLS, no
 * auth), so tests can make the mail server refuse, stall or accept on demand.
 */
export async function startSmtpServer(mode: SmtpMode = 'accept'): Promise<TestSmtpServer> {
  const sockets = new Set<net.Socket>();
  let waiters: ((m: ReceivedMail) => void)[] = [];
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (state.mode === 'down') {
      socket.end('421 4.3.2 Service not available, try later\r\n');
      return;
    }
    socket.write('220 test-smtp ESMTP\r\n');
    let buffer = '';
    let inData = false;
    let data = '';
    let from = '';
    let to: string[] = [];
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        const cut = buffer.indexOf('\r\n');
        if (cut < 0) return;
        const line = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const raw = data.replace(/=\r\n/g, '');
            const mail: ReceivedMail = {
              from,
              to,
              data: raw,
              messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1],
              subject: /^Subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '',
            };
            finish(socket, mail);
            data = '';
          } else {
            data += (line.startsWith('.') ? line.slice(1) : line) + '\r\n';
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          socket.write('250 2.1.0 OK\r\n');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 2.1.5 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 2.0.0 OK\r\n');
        else socket.write('502 5.5.2 Command not implemented\r\n');
      }
    });
  });

  const finish = (socket: net.Socket, mail: ReceivedMail) => {
    state.attempts.push(mail);
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake(mail);
    const accept = () => {
      state.accepted.push(mail);
      socket.write('250 2.0.0 Queued\r\n');
    };
    if (state.mode === 'accept') accept();
    else if (state.mode === 'slow') setTimeout(accept, state.slowMs);
    else if (state.mode === 'refuse' || state.mode === 'down') socket.write('451 4.3.0 Temporarily refusing mail, try again later\r\n');
    // 'hang': no answer at all.
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  const state: TestSmtpServer = {
    url: `smtp://127.0.0.1:${port}`,
    mode,
    slowMs: 1000,
    accepted: [],
    attempts: [],
    nextData: () => new Promise((resolve) => waiters.push(resolve)),
    mailTo: async (address) =>
      state.accepted
        .filter((m) => m.to.includes(address))
        .reverse()
        .map((m) => ({ subject: m.subject, text: m.data })),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}
