/**
 * Time the booth and the shop must judge alike. The client accepts a lease (its `nbf`, `exp` and
 * `lic_exp`) with this much tolerance on its offset-corrected clock, so a booth keeps working up to
 * this long past a term's end; the server stores the usage events of that time (a term's natural
 * end + this), so what the client lets a booth do, the server stores (decision 0010).
 */
export const LEASE_CLOCK_TOLERANCE_MS = 60 * 60 * 1000;
