/** What the start banner says about signing in as the admin (ensureAdmin's answer). */
export type AdminSignIn = { email: string; password: 'printed above' | 'ADMIN_PASSWORD' | 'unchanged' } | null;

/**
 * The few lines `npm start` ends with: where to open the shop, how to sign in as the admin, and
 * (embedded mode) where the mail goes. Printed to the terminal, not the log stream.
 */
export function startBanner(opts: { url: string; admin: AdminSignIn; devTools: boolean; driver: string; mail: string }): string {
  const password =
    opts.admin?.password === 'printed above'
      ? 'the password printed above (shown once)'
      : opts.admin?.password === 'ADMIN_PASSWORD'
        ? 'the password in ADMIN_PASSWORD'
        : 'its password';
  const rows: [string, string][] = [
    ['Open', opts.url],
    ['Admin', opts.admin ? `${opts.admin.email} with ${password}` : 'none yet: set ADMIN_EMAIL and restart'],
  ];
  if (opts.devTools) rows.push(['Mailbox', `${opts.url}/dev/mailbox (every mail the shop sends, on this machine only)`]);
  rows.push(['API docs', `${opts.url}/api/docs`], ['Data', `${opts.driver === 'pglite' ? 'embedded PostgreSQL (PGlite)' : 'PostgreSQL'}, mail by ${opts.mail}`], ['Stop', 'Ctrl+C']);
  const width = Math.max(...rows.map(([k]) => k.length));
  return ['', '  LentiBooth is running.', '', ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`), ''].join('\n');
}
