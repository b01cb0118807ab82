/**
 * Every user-facing message string, once. Strings quoted in the spec are kept verbatim (spelling
 * and punctuation included, e.g. 'Too many requests. Please try again later' has no full stop);
 * strings the spec does not give are marked "ours".
 */
import {
  DEACTIVATION_WINDOW_DAYS,
  DEACTIVATIONS_PER_WINDOW,
  DEVICE_RESET_WINDOW_DAYS,
  DEVICE_RESETS_PER_WINDOW,
} from './license-terms';

export const MSG = {
  // Loading, router and generic errors
  loading: 'Loading...',
  loadingCharts: 'Loading charts...',
  routerError: 'Unexpected Application Error!',
  unexpectedError: 'An unexpected error occurred.',
  unknownError: 'An unknown error occurred.',
  notFoundPage: 'Oops! The page you are looking for does not exist.',

  // Marketing pages (headings quoted in the spec)
  benefitBanner: 'Benefit from our experience',
  whyChoose: 'Why Choose',
  chooseYourPlan: 'Choose Your Plan',
  pricingHeader: 'Pricing Plan That Suit You',
  accessoriesHeader: 'Accessories for Your Lenticular Photo Booth',
  benefitGuestExperience: 'Memorable Guest Experience',
  benefitInnovation: 'Cutting Edge Innovation',
  benefitStandOut: 'Stand Out from Competitors',
  pricesNett: 'All prices are NETT, no GST charged.',
  // the two notes below are worded by us from the spec's description
  sheetsNoShippingQuote:
    'No shipping rate can be quoted upfront for this item. Please contact us by email after ordering.',
  // The spec's 'Shipping is quoted by email after ordering' held for every accessory, yet checkout
  // computes a tracked-courier fee for the ones sold through the cart (issue 13): say which.
  accessoriesShippingSummary:
    'Paper, the roller and the cutter go in your cart and ship by tracked courier; the fee is calculated at checkout. Lenticular sheets are quoted by email, shipping included.',
  shippingFeeAtCheckout: 'Tracked courier from Singapore. The fee is calculated at checkout from your postal code and country, before you pay.',

  // Sign-up: form validation
  usernameRequired: 'Username is required', // ours
  passwordRequired: 'Password is required', // ours
  confirmPasswordRequired: 'Please confirm your password', // ours
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordRule:
    'Password must be more than 12 characters and include at least one uppercase letter, one lowercase letter, one number, and one special character.',
  passwordTooLong: 'Password must be at most 128 characters.', // ours
  captchaBeforeGoogle: 'Please complete the CAPTCHA before signing in with Google.',
  captchaRequired: 'Please complete the CAPTCHA.', // ours
  captchaFailed: 'CAPTCHA verification failed. Please try again.', // ours (server detail)
  captchaLoadFailed: 'The CAPTCHA could not be loaded. Please check your connection and reload the page.', // ours

  // Sign-up: errors
  emailAlreadyRegistered: 'Email already registered', // the server's 400 detail
  emailAlreadyRegisteredAlert: 'This email is already registered. Please try logging in instead.',
  invalidSignupData: 'Invalid signup data. Please check your information.',
  tooManySignupAttempts: 'Too many signup attempts. Please try again later.',
  signupFailed: 'An error occurred during signup. Please try again.',
  googleSignUpFailed: 'Failed Google Sign Up',
  googleSignInFailed: 'Failed Google Sign In',

  // Login: errors
  emailNotVerifiedConfirm:
    'Your email is not verified. Would you like us to resend the verification email?',
  emailNotVerified: 'Your email is not verified.', // ours (server 403 detail.message)
  invalidCredentials: 'Invalid email or password.', // ours (server 400 detail)
  tooManyLoginAttempts: 'Too many login attempts. Please try again later.',
  googleAccountNotFound: 'No account is linked to this Google account. Please sign up first.', // ours
  googleEmailNotVerified: 'Your Google account email address is not verified.', // ours
  googleTokenRejected: 'Google could not confirm your sign-in. Please try again.', // ours
  googleNotConfigured: 'Google sign-in is not available.', // ours
  loginFailed: 'An error occurred during login. Please try again.',
  sessionEnded: 'Your session has ended. Please log in again.', // ours (a 401 on a signed-in call)

  // Resend verification
  userNotFound: 'User not found',
  tooManyRequests: 'Too many requests. Please try again later',
  invalidEmailAddress: 'Invalid email address',
  resendVerificationFailed: 'Failed to resend verification email',
  verificationEmailSent: 'Verification email has been sent. Please check your inbox.',

  // Forgot and reset password
  resetPasswordButton: 'Reset password',
  resetLinkSentTo: 'The password reset link was sent to', // followed by the address
  verifyingResetLink: 'Verifying your reset link...',
  newPasswordLabel: 'New Password',
  confirmNewPasswordLabel: 'Confirm New Password',
  resetPasswordSubmit: 'Reset Password',
  newPasswordMismatch: 'New password and confirmation do not match.',
  resetLinkFailed: "Sorry, we couldn't verify your link.",
  passwordResetSuccessLogin: 'Password reset successful! You can now log in.',
  passwordResetSuccess: 'Password reset successful!',
  resetLinkSentIfAccount: 'If an account exists for this address, a password reset link has been sent.', // ours
  verificationSentIfAccount: 'If an unverified account exists for this address, a verification email has been sent.', // ours
  resetNeedsProof: 'Open the link from your password reset email, or sign in, to change the password.', // ours
  resetOwnPasswordOnly: 'You can only change your own password.', // ours
  currentPasswordRequired: 'Enter your current password to change it.', // ours
  currentPasswordWrong: 'The current password is not correct.', // ours
  noPasswordUseReset:
    'This account has no password yet (you sign in with Google). Use "Forgot password" to set one by email.', // ours
  showPassword: 'Show password', // ours
  hidePassword: 'Hide password', // ours

  // Email verification view
  verifyingEmail: 'Verifying your email...',
  emailVerified: 'Email Verified!',
  emailVerifiedBody: 'Your email has been successfully verified.',
  redirectingToDashboard: 'Redirecting to dashboard page...',
  verificationFailed: 'Verification Failed',
  emailVerifyFailed: "Sorry, we couldn't verify your email.",
  linkExpiredOrInvalid: 'The link may have expired or is invalid.',
  emailAlreadyVerifiedTitle: 'Email Already Verified', // ours: a link opened again
  emailAlreadyVerified: 'Your email is already verified.', // ours (server 409 detail)

  // Contact form validation
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  emailTooLong: 'Email must be at most 254 characters', // ours
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Please enter a valid phone number',
  companyRequired: 'Company is required',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters long',
  fieldTooLong: 'This field is too long', // ours
  invalidText: 'Contains a character that is not allowed (a NUL byte or broken Unicode)', // ours

  // Contact result
  sending: 'Sending...',
  messageSent: 'Message sent successfully.',
  messageNotSent: 'Message delivery was not successful.',

  // Cart
  productAddedToCart: 'Product added to cart successfully',
  /** A variant the spec mentions; DESIGN §4 uses productAddedToCart everywhere. */
  productAddedToCartVariant: 'The product was added to the cart',
  noIcon: 'No Icon',

  // Checkout, shipping and promo
  cartIsEmpty: 'Cart is empty',
  completeTheForm: 'Complete the form',
  paymentFailed: 'An error occurred. Please try again.',
  invalidPromoCode: 'Invalid or inactive promo code',
  promoOnlyLicenses: 'Promo code only applies to license items',
  applyPromoFailed: 'Failed to apply promo code',
  promoExpired: 'This promo code has expired', // ours
  promoUsedUp: 'This promo code has reached its usage limit', // ours
  promoMinimumNotMet: 'Your order does not reach the minimum amount for this promo code', // ours
  promoFirstPurchaseOnly: 'This promo code is only valid on a first purchase', // ours
  addressRequired: 'Address is required', // ours
  cityRequired: 'City is required', // ours
  stateRequired: 'State is required', // ours
  zipRequired: 'Postal code is required', // ours
  invalidZip: 'Please enter a valid postal code', // ours
  countryRequired: 'Country is required', // ours
  billingCountryRequired: 'Choose your billing country.', // ours (issue 37)
  invalidCountry: 'Please choose a country from the list', // ours
  unknownProduct: 'Unknown product', // ours (server detail)
  priceMismatch: 'Prices have changed. Please review your cart and try again.', // ours
  promoAlreadyUsed: 'You have already used this promo code', // ours
  paymentUnavailable: 'The payment service is unavailable. Please try again later.', // ours (server detail)
  enterPostalCodeForFee: 'Enter your postal code and country to see the shipping fee', // ours
  shippingQuoteFailed: 'We could not quote shipping to this address. Please check the postal code and country.', // ours

  // Payment success
  paymentSuccessful: 'Your payment was successful!',
  checkEmailForDetails: 'Check your email to get more details',

  // Account area: shell and overview
  account: 'Account',
  signOut: 'Sign out',
  getStartedWith: (product: string) => `Get Started with ${product}`,
  addSubscription: '+Add Subscription',
  yourSubscriptions: 'Your Subscriptions',
  subscribeNow: 'Subscribe Now',
  unknownDevice: 'Unknown Device',
  licenseStatusActive: 'Active',
  /** A key whose automatic renewal is unpaid after its end: its booth works until the grace ends (DESIGN §6.3). */
  licenseStatusInGrace: 'In grace',
  licenseStatusExpired: 'Expired',
  licenseStatusRevoked: 'Revoked', // ours (the admin list)

  // Account area and cart: licence renewal (ours)
  renew: 'Renew',
  renewLicense: (key: string) => `Renew license ${key}`,
  renewalOf: (key: string) => `Renewal of ${key}`,
  renewalNotYours: 'This license is not one of yours',
  renewalWrongPlan: (plan: string) => `This license renews with the ${plan} plan only`,
  renewalRevoked: 'This license was revoked and cannot be renewed. Please contact us.',
  renewalNotRenewable: "A setup kit's key cannot be renewed: buy a Daily, Monthly or Yearly License to keep going",
  renewalQuantity: 'A renewal extends one license by one term: its quantity must be 1',
  renewalTwice: 'The same license is renewed twice in this order',
  renewalNotLicense: 'Only a license plan can renew a license',

  // Account area: profile
  profileInputIncorrect: 'Input profile data correctly!',
  profileUpdated: 'Profile updated successfully',
  firstNameRequired: 'First name is required', // ours

  // Account area: invoices
  invoiceDownloading: 'Invoice is downloading now...',
  invoiceDownloaded: 'Invoice downloaded successfully',
  invoiceDownloadFailed: 'Fetching error for the invoice downloading',

  // Account area: orders
  trackingUrlCopied: 'Tracking URL copied to clipboard',

  // Account area: strings the spec does not give (ours)
  accountClose: 'Close account panel',
  keyCopied: 'Copied!',
  copyKey: 'Copy license key',
  copyFailed: 'Could not copy to the clipboard',
  resetDevice: 'Reset device',
  deviceResetDone: 'Device reset. The license can now be activated on another device.',
  deviceResetLimit: `Device reset limit reached (${DEVICE_RESETS_PER_WINDOW} per ${DEVICE_RESET_WINDOW_DAYS} days). Please contact us.`,
  deviceNotBound: 'This license is not activated on any device',
  licenseNotCurrent: 'This license is no longer current',
  currentLicenseRequired: 'A current license is required',
  guidebookDownloadFailed: 'The guidebook could not be downloaded. Please try again.',
  appDownloadUnavailable: 'The app download is not available yet. Please contact us.',
  receiptUrlInvalid: 'receipt_url does not name an invoice',
  invoiceNotFound: 'Invoice not found',
  notificationNotFound: 'Notification not found',
  customerNotificationsReadOnly: "Customers' notifications are read-only", // ours
  licenseNotFound: 'License not found',
  emailTaken: 'This email is already used by another account',
  emailChangePending: (email: string) =>
    `We sent a confirmation link to ${email}. Your email changes once you confirm it.`,
  emailChangeConfirmed: 'Your new email address is confirmed.',
  emailChangeFailed:
    "We couldn't confirm your new email address. The link may have expired or is invalid.",
  emailChangeMailSubject: 'Confirm your new email address',
  emailChangedNoticeSubject: 'Your account email was changed',
  emailChangeTakenSubject: 'This address already has a LentiBooth account', // ours
  tooManyStreams: 'Too many open notification streams',

  // Empty states
  noNotifications: 'No notifications found.',
  noOrders: 'No orders found.',
  noData: 'No Data',
  noDataAvailable: 'No data available.',
  noDataAvailableTable: 'No data available', // analytics table, no full stop in the spec
  noCoupons: 'No coupons available.',
  noPromotions: 'No promotions available.',

  // Notifications
  markAsRead: 'Mark as read',
  markAsDone: 'Mark as done',
  markSelectedAsRead: (count: number) => `Mark ${count} selected as read`,
  notificationsUpdateFailed: 'The notifications could not be updated. Please try again.', // ours

  // Admin: general
  errorFetchingData: 'Error fetching data',

  // Admin: report and analytics
  periodToday: 'Today',
  periodYesterday: 'Yesterday',
  periodLast7Days: 'Last 7 Days',
  periodLast1Month: 'Last 1 Month',
  periodCustomRange: 'Custom Range',
  rangeSeparator: 'to',
  totalUsers: 'Total Users',
  activeSubscriptions: 'Active Subscriptions',
  /** Under the Active Subscriptions chart: why its last point is the card's figure. */
  activeSubscriptionsPoints: 'Each past day counts the keys active at its end; today counts them now, as the card does. Suspended keys are not counted.',
  totalOrders: 'Total Orders',
  totalIncome: 'Total Income',
  /** Under the income card and chart: income is what was paid minus what went back (DESIGN §6.2). */
  netOfRefunds: 'Net of refunds',
  incomeNetOfRefunds: 'Paid minus refunded, each on the day it happened: net of refunds. The dashed line is the refunds.',
  totalRefunds: 'Refunds',
  chartDayAxis: 'Day',
  totalUsage: 'Total Usage',
  averageProcessingTime: 'Average Processing Time',
  averageTimeAxis: 'Average Time (s)',
  usageSummary: (totalUsage: number, averageSeconds: number) =>
    `Total Usage: ${totalUsage} | Avg Time: ${averageSeconds.toFixed(2)} s`,
  successfulUsageEvents: 'Successful Usage Events',
  errorLogs: 'Error Logs',

  // Admin: licences
  selectOneEmail: 'Select one email',
  failedToLoadLicenses: 'Failed to load licenses',
  // The fleet view (issue 20), ours
  boothRenamed: 'Booth renamed',
  boothNameReset: 'Booth name reset to the name it reports',
  boothRenameFailed: 'The booth could not be renamed',
  noBoothsYet: 'No booth activated yet',
  boothSharedExplanation: 'Its device id was seen from two addresses within an hour: the program may have been copied to another computer.',
  licenseGenerated: 'License generated successfully',
  licenseGenerationFailed: 'License generation failed',
  revokeSuccessful: 'Revoke successful',
  revokeFailed: 'Revoke failed',
  licenseAlreadyExpired: 'This license has already expired', // ours (server detail)
  licenseAlreadyRevoked: 'This license has already been revoked', // ours (server detail)
  licenseRangeInvalid: 'End date must be after start date', // ours
  licenseRangeRequired: 'Start and end dates are required for a custom range', // ours

  // Admin: orders
  statusUpdated: 'Status updated successfully',
  statusUpdateFailed: 'Status update failed',
  invalidTrackingUrl: 'Tracking URL must start with http:// or https://', // ours

  // Admin: coupons and promotions
  couponManagement: 'Coupon Management',
  createCoupon: '+ Create Coupon',
  addPromotion: '+ Add Promotion',
  percentageOff: 'Percentage Off',
  fixedAmountOff: 'Fixed Amount Off',
  unlimited: 'Unlimited',
  promotionActive: 'Active',
  promotionInactive: 'Inactive',
  failedToLoadCoupons: 'Failed to load coupons',
  failedToLoadPromotions: 'Failed to load promotions',
  failedToCreateCoupon: 'Failed to create coupon',
  failedToCreatePromotion: 'Failed to create promotion',
  deleteFailed: 'Delete failed',
  failedToUpdateStatus: 'Failed to update status',
  couponCreated: 'Coupon created',
  promotionCreated: 'Promotion created',
  deleted: 'Deleted',
  promotionActivated: 'Promotion activated',
  promotionDeactivated: 'Promotion deactivated',
  creatingCoupon: 'Creating a coupon...',
  creatingPromotion: 'Creating a promotion...',
  deletingCoupon: 'Deleting a coupon...',
  activating: 'Activating ...',
  deactivating: 'Deactivating ...',

  // Coupon and promotion form validation
  couponNameRequired: 'Coupon name is required',
  discountValueRequired: 'Discount value is required and must be a number',
  percentOutOfRange: 'Percentage off must be more than 0 and at most 100', // ours
  amountMustBePositiveInteger: 'Amount off must be a whole number of cents above 0', // ours
  maxRedemptionsInvalid: 'Max redemptions must be a valid number',
  expirationRequired: 'Expiration date is required if enabled',
  expirationInvalid: 'Expiration date is invalid',
  promotionCodeRequired: 'Promotion code is required',
  promotionCodeFormat: 'Promotion code must be 3 to 40 letters, digits, hyphens or underscores', // ours
  minimumOrderInvalid: 'Minimum order value must be a valid number',
  promotionCodeTaken: 'This promotion code already exists', // ours (server detail)
  couponNotFound: 'Coupon not found', // ours (server detail)
  promotionNotFound: 'Promotion not found', // ours (server detail)
  promotionPastCouponRedeemBy: "expires_at: cannot be later than the coupon's redeem_by", // ours (server detail)
  percentMustBeWhole: 'Percentage off must be a whole number', // ours

  // Server details (ours): auth, guards, licence server
  notAuthenticated: 'Not authenticated',
  notAllowed: 'You are not allowed to do this',
  notFound: 'Not found',
  invalidLicenseKey: 'Invalid license key',
  licenseExpired: 'License expired',
  // ours after the first sentence: a second PC only ever gets DEVICE_MISMATCH by waiting, so say how to free the seat.
  licenseInUseOnAnotherDevice:
    'This license is already activated on another device. To use it here, deactivate it on that device, or reset its device in your account, then activate again',
  licenseNotActivated: 'This license is not activated on this device',
  licenseValid: 'This license is valid on this device',
  boothNotFound: 'No booth with this device id is activated on your licenses', // ours (issue 20: the fleet view)
  // Per-event refusals of a usage report (DESIGN §6.1); the minutes and days come from license-server.ts.
  usageEventTooOld: (days: number) => `The event is older than ${days} days`, // ours
  usageEventOutsideTerm: 'The event lies outside the time this device held the license', // ours
  usageEventAhead: (minutes: number) => `The event is more than ${minutes} minutes ahead of the server's clock; send it again later`, // ours
  usageEventInvalid: (problem: string) => `The event cannot be stored: ${problem}`, // ours
  licenseRevoked: 'This license has been revoked',
  licenseSuspended: 'This license is suspended. Please contact us.', // ours (DESIGN §6.1)
  licenseNotYetValid: 'This license has not started yet', // ours (DESIGN §6.1)
  licenseStartsOnFirstActivation: 'Starts on first activation', // ours (issue 19: an unstarted Daily pass)
  licenseActivateBy: (date: string) => `Activate by ${date}`, // ours (issue 19)
  licenseStatusSuspended: 'Suspended', // ours (issue 19)
  licenseStatusUnstarted: 'Not started', // ours (issue 19: an unused Daily pass)
  licenseStatusUpcoming: 'Starts later', // ours (issue 19: a licence starting in the future)
  renewalNotRenewableCustom: "An admin's custom key cannot be renewed: buy a Daily, Monthly or Yearly License to keep going", // ours (issue 19)
  adminLicenseEndInPast: 'The end date is in the past: a custom license must end after now', // ours (issue 19)
  licenseDeviceMismatch: 'This license is activated on another device',
  // Offline activation in the account area (issue 20): refusals the operator reads on a phone.
  offlineKeyNotYours: "None of your licenses has the key this booth asked for. Check which key the booth was given.", // ours
  offlineKeyUnknown: 'No license has the key this booth asked for.', // ours (an admin's answer)
  offlineLicenseRevoked: 'This license has been revoked: it cannot be activated.', // ours
  offlineLicenseSuspended: 'This license is suspended, so it cannot be activated. Please contact us.', // ours
  offlineLicenseExpired: 'This license has expired. Renew it, then submit the request again.', // ours
  offlineLicenseNotYetValid: (startsAt: string) => `This license starts at ${startsAt} and cannot be activated before then.`, // ours
  offlineDeviceLimit:
    'This key is activated on another booth. Free it first (reset the device on the Overview of your account), then submit the request again.', // ours
  offlineRequestAnsweredElsewhere: 'This activation request was already answered for another booth. Make a new request on the booth.', // ours
  offlineRequestAhead: "This activation request is dated ahead of the server's clock. Set the booth's clock right, then make a new request.", // ours
  offlineKeyRateLimited: 'Too many activations for this key just now. Please wait a few minutes and try again.', // ours
  licenseDeactivationLimit: `Deactivation limit reached (${DEACTIVATIONS_PER_WINDOW} per ${DEACTIVATION_WINDOW_DAYS} days). Reset the device from your account instead.`,
} as const;

