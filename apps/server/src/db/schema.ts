import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Every timestamp is timezone-aware; the app works in UTC and the browser formats locally.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    role: text('role').notNull().default('user'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    photoUrl: text('photo_url'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    /** A changed address waits here until its owner confirms it by mail. */
    pendingEmail: text('pending_email'),
    /** Notification preferences and the zone dates are shown in (the account's Notifications tab). */
    /**
     * Promotional mail is consent first (Singapore's PDPA): off until the customer turns it on,
     * and when they did is kept (migration 0015 turned off every earlier default-on choice).
     */
    notifyPromotional: boolean('notify_promotional').notNull().default(false),
    promotionalConsentAt: ts('promotional_consent_at'),
    notifyAnnouncements: boolean('notify_announcements').notNull().default(true),
    timeZone: text('time_zone').notNull().default('Asia/Singapore'),
    /** The customer's country (ISO 3166-1 alpha-2): the last billing country given at checkout, its next prefill and fallback. */
    country: text('country'),
    /** The customer's Stripe Customer (`cus_…`), made at their first checkout that saves a card (decision 0022). */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_google_sub_uq').on(t.googleSub),
    uniqueIndex('users_stripe_customer_uq').on(t.stripeCustomerId),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // The back office's search finds a person by how an email or a name starts, in any case.
    index('users_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('users_first_name_prefix_idx').using('btree', sql`lower(${t.firstName}) text_pattern_ops`),
    index('users_last_name_prefix_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    // USERS' search finds the text anywhere in an email or a name (ILIKE '%…%'): pg_trgm's trigram
    // indexes serve it for three characters or more (migration 0020 creates the extension).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use mailed tokens: email verification, password reset, email change. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_uq').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    kind: text('kind', { enum: ['accessory', 'license'] }).notNull(),
    licenseType: text('license_type', { enum: ['day', 'month', 'year', 'onetime'] }),
    shippable: boolean('shippable').notNull(),
    weightGrams: integer('weight_grams').notNull().default(0),
    active: boolean('active').notNull().default(true),
    stripePriceId: text('stripe_price_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_key_uq').on(t.key)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    discountType: text('discount_type', { enum: ['percent', 'amount'] }).notNull(),
    /** Percent (1-100) or an amount in minor units. */
    discountValue: integer('discount_value').notNull(),
    currency: text('currency'),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    redeemBy: ts('redeem_by'),
    stripeCouponId: text('stripe_coupon_id'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('coupons_created_idx').on(t.createdAt)],
);

export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    expiresAt: ts('expires_at'),
    minimumAmountCents: integer('minimum_amount_cents'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Codes are matched case-insensitively, so uniqueness is on the lower-cased code.
    uniqueIndex('promotion_codes_code_uq').on(sql`lower(${t.code})`),
    index('promotion_codes_coupon_idx').on(t.couponId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    /**
     * The fulfilment steps, then `cancelled`: an end state set with cancelled_at, when an unpaid order
     * is cancelled or a paid one's cancel refund succeeds (decision 0020); no work queue holds it.
     */
    status: text('status', { enum: ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] })
      .notNull()
      .default('pending'),
    /**
     * unpaid → paid, or failed / cancelled (never paid). A paid order stays paid until refunds take
     * money back: partially_refunded, then refunded (DESIGN §6.2). "Was paid" is `paid_at is not
     * null` (wasPaidSql), whatever was refunded since: income counts on the day it was paid and each
     * refund on its own day.
     */
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'partially_refunded', 'refunded', 'failed', 'cancelled'] })
      .notNull()
      .default('unpaid'),
    needsShipping: boolean('needs_shipping').notNull(),
    shippingInfo: jsonb('shipping_info').$type<{
      name: string;
      email: string;
      address: string;
      city: string;
      state: string;
      zip: string;
      country: string;
    }>(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    promotionId: uuid('promotion_id').references(() => promotionCodes.id),
    promoCode: text('promo_code'),
    paymentProvider: text('payment_provider', { enum: ['local', 'stripe'] }).notNull(),
    paymentSessionId: text('payment_session_id'),
    paidAt: ts('paid_at'),
    trackNum: text('track_num'),
    trackUrl: text('track_url'),
    carrierName: text('carrier_name'),
    /** The carrier picked from the domain's list (`packages/domain/src/carriers.ts`); null when typed by hand before it. */
    carrierCode: text('carrier_code'),
    estimateDate: text('estimate_date'),
    /** Stripe's PaymentIntent of the paid session: refunds are made on it and its webhooks name it. */
    paymentIntentId: text('payment_intent_id'),
    /** The sum of this order's succeeded refunds, kept with them in one transaction (≤ total_cents). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Cancelled by an admin: unpaid (payment_status cancelled), or paid and refunded in full. */
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** ISO 3166-1 alpha-2 billing country given at checkout (else the profile's); the country of a licence-only order. */
    billingCountry: text('billing_country'),
    /**
     * The buyer ticked "Renew automatically" at checkout (DESIGN §6.3): the Monthly and Yearly keys
     * this order issues renew on their own (their consent is in renewal_choices).
     */
    renewAutomatically: boolean('renew_automatically').notNull().default(false),
    /**
     * An automatic renewal order (decision 0021): the licence it renews and the end E of the term it
     * follows. Unique together, so one term has one order however many jobs, retries and processes
     * prepare it; paying it sets the licence's end to E + term, absolutely.
     */
    renewalLicenseId: uuid('renewal_license_id').references((): AnyPgColumn => licenses.id),
    renewalTermEnd: ts('renewal_term_end'),
    /** Charge attempts made on an automatic renewal (renewal_charges); the next one's idempotency key is `<id>:<n+1>`. */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    /** When the renewal job charges this order next (first try, then the retry schedule); null when nothing is scheduled. */
    nextChargeAt: ts('next_charge_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_payment_session_uq').on(t.paymentSessionId),
    // One term, one live order: a given-up one (renewal turned off and on again, a suspension lifted)
    // leaves room for the term's next order (decision 0021).
    uniqueIndex('orders_renewal_term_uq').on(t.renewalLicenseId, t.renewalTermEnd).where(sql`renewal_license_id is not null and cancelled_at is null`),
    // Every renewal order of a (licence, E), given up ones too: the 'ended' reminder reads when the
    // term's order was given up (claim-reminder-stage.ts).
    index('orders_renewal_term_idx').on(t.renewalLicenseId, t.renewalTermEnd).where(sql`renewal_license_id is not null`),
    // The renewal job's retries: the few orders with a charge due, by when.
    index('orders_next_charge_idx').on(t.nextChargeAt).where(sql`next_charge_at is not null`),
    uniqueIndex('orders_payment_intent_uq').on(t.paymentIntentId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_paid_idx').on(t.paidAt),
    // The reports count paid orders by payment time: status and a paid_at range in one index.
    index('orders_payment_status_paid_idx').on(t.paymentStatus, t.paidAt),
    index('orders_payment_status_idx').on(t.paymentStatus, t.createdAt),
    // ORDERS and the account's orders: every order that was paid (refunded ones too), newest first.
    index('orders_was_paid_created_idx').on(t.createdAt).where(sql`paid_at is not null`),
    // The back office's ORDERS filtered by fulfilment status (shipped, delivered...), newest first.
    index('orders_status_created_idx').on(t.status, t.createdAt),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    /** A renewal line: the buyer's licence it extends by one term when the order is paid. */
    renewsLicenseId: uuid('renews_license_id').references(() => licenses.id),
    /** The renewed licence's expiry right after this payment, for the receipt ('renewed until'). */
    renewedUntil: ts('renewed_until'),
    /**
     * The renewed licence's expiry right before this payment (null: it had none, or an older row):
     * a refund of the renewal line takes back only the term it added (DESIGN §6.2).
     */
    renewedFrom: ts('renewed_from'),
    /** A Daily pass renewed before its first activation: its unstarted hours before this payment. */
    renewedFromTermHours: integer('renewed_from_term_hours'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // The renewal lines, few among all lines: the customer page's timeline reads a customer's
    // renewals from here (without it the planner, sure there are almost none, scans every line).
    index('order_lines_renews_idx').on(t.renewsLicenseId).where(sql`renews_license_id is not null`),
  ],
);

export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: serial('id').primaryKey(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotionCodes.id),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_redemptions_order_uq').on(t.orderId),
    index('promotion_redemptions_promo_user_idx').on(t.promotionId, t.userId),
    // COUPONS: a page of coupons' paid redemptions and discount, grouped by coupon.
    index('promotion_redemptions_coupon_idx').on(t.couponId),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** Gapless sequential number, drawn from `counters` inside the fulfilment transaction. */
    invoiceNo: integer('invoice_no').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_no_uq').on(t.invoiceNo),
    uniqueIndex('invoices_order_uq').on(t.orderId),
    index('invoices_user_created_idx').on(t.userId, t.createdAt),
    index('invoices_created_idx').on(t.createdAt),
  ],
);

export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseKey: text('license_key').notNull(),
    type: text('type', { enum: ['day', 'month', 'year', 'onetime', 'custom'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    email: text('email').notNull(),
    startAt: ts('start_at').notNull(),
    /** Null: never expires (admin-generated one-time licences). */
    expiresAt: ts('expires_at'),
    /**
     * SHA-256 (hex) of the key: the licence server looks keys up by it, so the key itself never
     * travels in a query or a rate-limit key. Computed by the database from the key, so every
     * way a licence is created (fulfilment, admin generate, the demo seeder) has it.
     */
    keyHash: text('key_hash').generatedAlwaysAs(sql`encode(sha256(license_key::bytea), 'hex')`),
    deviceId: text('device_id'),
    /** What the desktop program calls the device it was activated on. */
    deviceName: text('device_name'),
    deviceBoundAt: ts('device_bound_at'),
    lastValidatedAt: ts('last_validated_at'),
    /** Program version and client address of the last activation or validation. */
    lastAppVersion: text('last_app_version'),
    lastValidatedIp: text('last_validated_ip'),
    revokedAt: ts('revoked_at'),
    /** Why it was revoked: 'admin' (the back office's Revoke) or 'refunded' (its order line was refunded). */
    revokedReason: text('revoked_reason', { enum: ['admin', 'refunded'] }),
    /**
     * Set while an admin has suspended the licence (DESIGN §6.1): refused as SUSPENDED, no lease,
     * and the desktop program keeps the key, since reinstating clears this.
     */
    suspendedAt: ts('suspended_at'),
    /**
     * A Daily pass not yet started (DESIGN §6.1): its term begins at the first activation, and
     * until then `expires_at` holds this same date, the end of an unused pass. Null once started
     * and for every other licence.
     */
    activateBy: ts('activate_by'),
    /** Hours the unstarted pass runs once activated: 24, plus 24 per renewal before it started. */
    unstartedTermHours: integer('unstarted_term_hours'),
    /**
     * When one device id was last seen validating from two addresses within the same hour (a state
     * folder copied to a second PC): flagged for the admins, never locked out.
     */
    deviceSharedAt: ts('device_shared_at'),
    /**
     * When the latest lease issued for this licence ends (online activation, a VALID validation,
     * an offline activation): the booth works offline until then. The fleet view's "lease until".
     */
    leaseExpiresAt: ts('lease_expires_at'),
    /**
     * The highest expiry reminder sent for the current term (LICENSE_REMINDERS: 0 none, 1 seven
     * days, 2 one day, 3 ended); set back when a renewal starts a new term.
     */
    reminderStage: integer('reminder_stage').notNull().default(0),
    /**
     * Renews on its own at the end of each term (DESIGN §6.3): a Monthly or Yearly licence whose
     * holder chose it and has a saved payment method. Turned off at once by its holder or an admin,
     * and by the licence server's side when grace ends unpaid.
     */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /**
     * Set while the renewal of the term ending at expires_at (E) is unpaid: from E until then the
     * licence is in grace, current for the booth, with payment_due. Null otherwise; cleared when the
     * renewal is paid, abandoned or the term changes.
     */
    graceUntil: ts('grace_until'),
    /** The renewal price the holder was last told (at consent, or a price change announced), and when. */
    renewalPriceCents: integer('renewal_price_cents'),
    renewalPriceToldAt: ts('renewal_price_told_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('licenses_key_uq').on(t.licenseKey),
    // The renewal job's range scan: licences that renew, by the end of their term.
    index('licenses_renewal_due_idx').on(t.expiresAt).where(sql`auto_renew and revoked_at is null`),
    // Grace ending: the few licences in grace, by when it ends.
    index('licenses_grace_idx').on(t.graceUntil).where(sql`grace_until is not null`),
    uniqueIndex('licenses_key_hash_uq').on(t.keyHash),
    // The reminder job's range scan on expiry; keys past their last reminder or revoked leave it.
    index('licenses_reminder_due_idx')
      .on(t.expiresAt, t.reminderStage)
      .where(sql`reminder_stage < 3 and revoked_at is null`),
    index('licenses_user_expires_idx').on(t.userId, t.expiresAt),
    index('licenses_order_idx').on(t.orderId),
    index('licenses_created_idx').on(t.createdAt),
    // REPORT's renewals: the keys whose term ended in a period (and were not revoked), by their end.
    index('licenses_ended_idx').on(t.expiresAt).where(sql`revoked_at is null`),
    // The fleet view: a customer's devices across their keys.
    index('licenses_user_device_idx').on(t.userId, t.deviceId).where(sql`device_id is not null`),
  ],
);

/**
 * Offline activations (DESIGN §6.1): each request a key's owner (or an admin) answered in the
 * account area, who did it and from where. The nonce is unique: one request is answered for one
 * licence and device only (submitted again, it is answered again for the same).
 */
export const licenseOfflineActivations = pgTable(
  'license_offline_activations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name'),
    nonce: text('nonce').notNull(),
    requestExpiresAt: ts('request_expires_at').notNull(),
    leaseExpiresAt: ts('lease_expires_at').notNull(),
    /** Who submitted it: the key's owner, or an admin (byAdmin). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    byAdmin: boolean('by_admin').notNull().default(false),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // Per licence: a nonce read off a photographed QR and submitted first with another key must
    // not block the owner's own submission (the booth checks the key fingerprint anyway).
    uniqueIndex('license_offline_activations_license_nonce_uq').on(t.licenseId, t.nonce),
    index('license_offline_activations_license_idx').on(t.licenseId, t.createdAt),
  ],
);

/** The names customers give their booths in the fleet view (over the name a booth reports). */
export const boothNames = pgTable(
  'booth_names',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    name: text('name').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);

/**
 * The addresses each device id of a licence checks in from (activation and validation), one
 * row per (licence, device, address) with the first and last time seen: the evidence behind
 * `licenses.device_shared_at` and the fleet view's "seen from".
 */
export const licenseDeviceAddresses = pgTable(
  'license_device_addresses',
  {
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    ip: text('ip').notNull(),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [uniqueIndex('license_device_addresses_uq').on(t.licenseId, t.deviceId, t.ip)],
);

/** Deactivations by the desktop program, kept to limit them per licence (DEACTIVATIONS_PER_WINDOW). */
export const licenseDeactivations = pgTable(
  'license_deactivations',
  {
    id: serial('id').primaryKey(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('license_deactivations_license_idx').on(t.licenseId, t.createdAt)],
);

/** Self-service device resets, kept to rate-limit them per licence. */
export const licenseDeviceResets = pgTable(
  'license_device_resets',
  {
    id: serial('id').primaryKey(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    previousDeviceId: text('previous_device_id'),
    createdAt: createdAt(),
  },
  (t) => [index('license_device_resets_license_idx').on(t.licenseId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    isDone: boolean('is_done').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * The admins' own feed (DESIGN §6.2): one row per event (a paid order, a declined payment, a
 * contact message), not a copy per admin, so the admins share one read and done state. Customers'
 * notifications stay in `notifications`, which admins may read but never mark.
 */
export const adminNotifications = pgTable(
  'admin_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The customer the event is about (the buyer, the sender's account), for the customer page. */
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    isDone: boolean('is_done').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_notifications_created_idx').on(t.createdAt, t.id),
    // The bell counts the unread ones: a partial index keeps that count small at any history size.
    index('admin_notifications_unread_idx').on(t.createdAt).where(sql`is_read = false`),
    index('admin_notifications_subject_idx').on(t.subjectUserId, t.createdAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Usage and error events reported by the desktop program. Large: indexed by time, paged on the server. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    licenseId: uuid('license_id').references(() => licenses.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['success', 'error'] }).notNull(),
    deviceId: text('device_id').notNull(),
    ipAddress: text('ip_address'),
    filename: text('filename'),
    fileType: text('file_type'),
    processingTime: real('processing_time'),
    errorMessage: text('error_message'),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    /** The desktop program's id for the event; a retried report stores it once per licence. */
    eventId: text('event_id'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('usage_events_kind_time_idx').on(t.kind, t.occurredAt),
    index('usage_events_license_idx').on(t.licenseId),
    uniqueIndex('usage_events_license_event_uq').on(t.licenseId, t.eventId),
  ],
);

/**
 * Usage events counted per UTC hour and kind, kept by triggers on usage_events (migration 0008) in
 * the inserting statement's own transaction, whoever inserts. The analytics lists' totals read it,
 * so counting a month of tens of millions of events sums a few thousand rows. `shard` spreads the
 * current hour over a few rows, so booths reporting at once do not queue on one row lock.
 */
export const usageHourly = pgTable(
  'usage_hourly',
  {
    hour: ts('hour').notNull(),
    kind: text('kind', { enum: ['success', 'error'] }).notNull(),
    shard: smallint('shard').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.hour, t.shard] })],
);

/**
 * Usage events counted per licence, device and UTC hour, kept by triggers on usage_events
 * (migration 0012) like usage_hourly: the fleet view sums a booth's last 7 days from at most
 * 169 rows instead of counting its events. Events without a licence (deleted) are not counted.
 */
export const usageDeviceHourly = pgTable(
  'usage_device_hourly',
  {
    // No foreign key: a licence deleted sets its events' licence to null, which the trigger
    // takes out of these counts in the same statement; a cascade there would race it.
    licenseId: uuid('license_id').notNull(),
    deviceId: text('device_id').notNull(),
    hour: ts('hour').notNull(),
    successes: bigint('successes', { mode: 'number' }).notNull(),
    errors: bigint('errors', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.licenseId, t.deviceId, t.hour] }),
    // The fleet view: one booth's last 7 days across every key it ran on (kept or reset since).
    index('usage_device_hourly_device_hour_idx').on(t.deviceId, t.hour),
    // ANALYTICS' busiest booths: every booth's rows of a period, read by hour range. Only the
    // hour is indexed, never the counts, so the ingest triggers' updates stay HOT.
    index('usage_device_hourly_hour_idx').on(t.hour),
  ],
);

/**
 * Rows of the back office's big lists, counted by triggers (migration 0010) in each writer's own
 * transaction: `licenses`, `invoices`, `notifications`, `admin_audit`, and `orders:paid` (paid
 * orders, the ORDERS list). Each writing statement adds one row with its change: inserts never
 * wait on each other, so no writer queues or deadlocks on a counter. A list opened without
 * filters sums a name's rows instead of counting hundreds of thousands of its own
 * (db/row-counts.ts), and folds them into one when they have piled up.
 */
export const rowCountDeltas = pgTable(
  'row_count_deltas',
  {
    name: text('name').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
  },
  (t) => [index('row_count_deltas_name_idx').on(t.name)],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);

/**
 * Side effects that leave the process (mail, provider calls) are written here in the same
 * transaction as the change that causes them, then delivered by the outbox worker.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** The embedded mail transport: messages land here and are read at /dev/mailbox. */
export const devMail = pgTable(
  'dev_mail',
  {
    id: serial('id').primaryKey(),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra header lines the mail carried (a campaign's List-Unsubscribe), so a journey can read them. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dev_mail_outbox_uq').on(t.outboxId), index('dev_mail_to_idx').on(t.to, t.createdAt)],
);

/** Payment-provider events already handled: the idempotency guard of fulfilment. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/**
 * Money given back on a paid order (DESIGN §6.2): written first as pending, its id sent to the
 * provider as metadata and idempotency key; the provider's refund id is unique, so the back
 * office's answer and the provider's webhooks settle the same row and a refund happens once.
 * A refund made at the provider alone (Stripe dashboard) arrives by webhook and is written then.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** Denormalised from the order: the customer's refunds and credit notes read by it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** lines: quantities of order lines (their licences revoked); amount: money only. */
    kind: text('kind', { enum: ['lines', 'amount'] }).notNull(),
    reason: text('reason').notNull(),
    /** admin: the back office; provider: made at the provider (webhook); cancel: an order cancelled; late_payment: paid after its cancel. */
    origin: text('origin', { enum: ['admin', 'provider', 'cancel', 'late_payment'] }).notNull(),
    state: text('state', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** The admin's client address, for the audit row written when the refund settles (perhaps later, by a webhook). */
    actorIp: text('actor_ip'),
    createdAt: createdAt(),
    /** When the money went back: the business day the reports count it on. */
    succeededAt: ts('succeeded_at'),
    failedAt: ts('failed_at'),
  },
  (t) => [
    uniqueIndex('refunds_provider_refund_uq').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    // REPORT and the exports: succeeded refunds by the day they happened.
    index('refunds_succeeded_idx').on(t.succeededAt).where(sql`state = 'succeeded'`),
  ],
);

/** What a lines refund gave back per order line: units and their share of the amount (allocateRefund). */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    /** Units refunded (0 for an amount refund's share of a line). */
    quantity: integer('quantity').notNull(),
    /** This line's share of the refund, discount and shipping allocated in proportion. */
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.orderLineId] }), index('refund_lines_order_line_idx').on(t.orderLineId)],
);

/**
 * A credit note per succeeded refund, in its own gapless series (CN-1, CN-2…), numbered from the
 * `credit_note_no` counter in the transaction that marks the refund succeeded, so a failed refund
 * takes no number.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    creditNoteNo: integer('credit_note_no').notNull(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The invoice it corrects. */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    reason: text('reason').notNull(),
    issuedAt: ts('issued_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_no_uq').on(t.creditNoteNo),
    uniqueIndex('credit_notes_refund_uq').on(t.refundId),
    index('credit_notes_user_issued_idx').on(t.userId, t.issuedAt),
    index('credit_notes_issued_idx').on(t.issuedAt),
    index('credit_notes_order_idx').on(t.orderId),
  ],
);

/** Sessions of the embedded local payment provider (the stand-in for Stripe Checkout). */
export const localPaymentSessions = pgTable(
  'local_payment_sessions',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['open', 'paid', 'cancelled', 'failed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
    /** What the local provider has given back on this charge (its refunds: `refunds` with provider 'local'). */
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (t) => [index('local_payment_sessions_order_idx').on(t.orderId)],
);

/**
 * A customer's saved card (DESIGN §6.3): at most one in use per customer (detached_at null), the one
 * their automatic renewals charge. Local provider: `provider_ref` is the test card number (the local
 * pay page accepts only published test numbers, which decide how later charges answer); Stripe: the
 * PaymentMethod id `pm_…` and the Customer `cus_…`.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerRef: text('provider_ref').notNull(),
    providerCustomerId: text('provider_customer_id'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    createdAt: createdAt(),
    detachedAt: ts('detached_at'),
    /** When the holder was mailed that this card expires before a licence's next renewal (once per card). */
    expiryToldAt: ts('expiry_told_at'),
  },
  (t) => [
    uniqueIndex('payment_methods_one_in_use_uq').on(t.userId).where(sql`detached_at is null`),
    index('payment_methods_expiry_idx').on(t.expYear, t.expMonth).where(sql`detached_at is null and expiry_told_at is null`),
  ],
);

/**
 * Each time automatic renewal was turned on or off for a licence (or chosen at checkout for an
 * order's licences): who, when, and on a consent, the words and their language as shown.
 */
export const renewalChoices = pgTable(
  'renewal_choices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    licenseId: uuid('license_id').references(() => licenses.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id),
    autoRenew: boolean('auto_renew').notNull(),
    /** 'customer' (the holder), 'admin' (turned off in the back office) or 'system' (grace ended, a refund). */
    actor: text('actor', { enum: ['customer', 'admin', 'system'] }).notNull(),
    adminId: integer('admin_id').references(() => users.id),
    words: text('words'),
    language: text('language'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('renewal_choices_license_idx').on(t.licenseId, t.createdAt), index('renewal_choices_order_idx').on(t.orderId)],
);

/**
 * One charge attempt of an automatic renewal order (decision 0021). The id is the provider
 * idempotency key `<order id>:<attempt>`; at most one attempt per order is open, so an order never
 * has two charges under way.
 */
export const renewalCharges = pgTable(
  'renewal_charges',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    attempt: integer('attempt').notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    /** Made with the customer present (the account area's pay link), not by the job. */
    onSession: boolean('on_session').notNull().default(false),
    status: text('status', { enum: ['open', 'succeeded', 'failed', 'requires_action', 'cancelled'] })
      .notNull()
      .default('open'),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's charge: Stripe's PaymentIntent `pi_…`, the local provider's session `lps_…`. */
    providerChargeId: text('provider_charge_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('renewal_charges_attempt_uq').on(t.orderId, t.attempt),
    uniqueIndex('renewal_charges_one_open_uq').on(t.orderId).where(sql`status = 'open'`),
    uniqueIndex('renewal_charges_provider_charge_uq').on(t.providerChargeId),
  ],
);

/** CAPTCHA solutions already spent, so each one is accepted once. */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
);

/**
 * Server-side secrets generated on first use and shared by every process on this database (the
 * ALTCHA HMAC key when ALTCHA_HMAC_KEY is not set), so they survive restarts and scale-out.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Gapless counters (invoice numbers) incremented under a row lock. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Authentication audit trail: who did what, never a secret. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    event: text('event').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every admin write, appended in the transaction of the change it records. The app only inserts
 * and reads: rows are never updated or deleted, so the log can be trusted as history. The actor's
 * email is copied, not joined, so a row keeps saying who acted after the account changes.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    /**
     * What the target is, in words, as it was when the entry was written (a coupon's name, a
     * promotion code, an order number, a key's last characters, a customer's email): the log
     * stays readable after the target changes or is deleted.
     */
    label: text('label'),
    /** The customer the action concerned, if any: the customer page's timeline reads by it. */
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_subject_idx').on(t.subjectUserId, t.createdAt).where(sql`subject_user_id is not null`),
  ],
);

/**
 * An announcement or a promotional mail the owner writes once and sends to every customer whose
 * choice allows it. Sending moves draft → sending in one conditional update, so a double click, a
 * retry or a second process queues the audience once; each recipient is one row below and one
 * outbox mail.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['announcement', 'promotional'] }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['draft', 'sending', 'sent'] })
      .notNull()
      .default('draft'),
    /** How many customers it was queued for (set when sending starts). */
    audience: integer('audience'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    queuedAt: ts('queued_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('campaigns_created_idx').on(t.createdAt)],
);

/** One customer of a campaign's audience: the primary key is what makes each mail go once. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** skipped: the customer turned the list off between queueing and delivery, so was not mailed. */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index('campaign_recipients_status_idx').on(t.campaignId, t.status)],
);
