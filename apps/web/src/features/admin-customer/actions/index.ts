// The customer page's action components (issue 21), for the page to place. Named re-exports only.
export { CustomerActions, type ActionCustomer } from './customer-actions';
export { LicenseActions } from './license-actions';
export { OrderMailAction } from './order-mail-action';
