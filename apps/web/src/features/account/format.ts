// The dates are shared with the back office and the order dialog (lib); the account reads them here.
export { formatDate, formatDateTime } from '../../lib/format-date';
export { licenseDuration } from '../../lib/license-display';
