/**
 * Dates as the account shows them, in the time zone the signed-in customer chose (Notifications
 * tab, stored on the account), else the browser's own. One place sets the zone (setDisplayTimeZone,
 * when the preferences load or change); every list formats through here.
 */
let zone: string | undefined;
let DATE = build();
let DATE_TIME = build(true);

function build(withTime = false) {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    ...(zone ? { timeZone: zone } : {}),
  });
}

/** Show dates in `timeZone` (an IANA name) from now on; undefined goes back to the browser's zone. */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  if (timeZone === zone) return;
  zone = timeZone;
  DATE = build();
  DATE_TIME = build(true);
}

/** '5 Mar 2025' in the display time zone; '--' for no date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '--' : DATE.format(d);
}

/** '5 Mar 2025, 14:05' in the display time zone; '--' for no date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '--' : DATE_TIME.format(d);
}
