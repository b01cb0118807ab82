import { describe, expect, it } from 'vitest';

import { MSG } from './messages';

/** Every message quoted in the two spec documents, verbatim. */
const SPEC_STRINGS = [
  // public site, auth, checkout
  'Loading...',
  'Unexpected Application Error!',
  'An unexpected error occurred.',
  'An unknown error occurred.',
  'Oops! The page you are looking for does not exist.',
  'Benefit from our experience',
  'Why Choose',
  'Choose Your Plan',
  'Pricing Plan That Suit You',
  'Accessories for Your Lenticular Photo Booth',
  'Passwords do not match.',
  'Password must be more than 12 characters and include at least one uppercase letter, one lowercase letter, one number, and one special character.',
  'Please complete the CAPTCHA before signing in with Google.',
  'Email already registered',
  'This email is already registered. Please try logging in instead.',
  'Invalid signup data. Please check your information.',
  'Too many signup attempts. Please try again later.',
  'An error occurred during signup. Please try again.',
  'Failed Google Sign Up',
  'Failed Google Sign In',
  'Your email is not verified. Would you like us to resend the verification email?',
  'Too many login attempts. Please try again later.',
  'An error occurred during login. Please try again.',
  'User not found',
  'Too many requests. Please try again later',
  'Invalid email address',
  'Failed to resend verification email',
  'Verification email has been sent. Please check your inbox.',
  'Reset password',
  'The password reset link was sent to',
  'Verifying your reset link...',
  'New Password',
  'Confirm New Password',
  'Reset Password',
  'New password and confirmation do not match.',
  "Sorry, we couldn't verify your link.",
  'Password reset successful! You can now log in.',
  'Verifying your email...',
  'Email Verified!',
  'Your email has been successfully verified.',
  'Redirecting to dashboard page...',
  'Verification Failed',
  "Sorry, we couldn't verify your email.",
  'The link may have expired or is invalid.',
  'Name is required',
  'Email is required',
  'Please enter a valid email address',
  'Phone number is required',
  'Please enter a valid phone number',
  'Company is required',
  'Message is required',
  'Message must be at least 10 characters long',
  'Sending...',
  'Message sent successfully.',
  'Message delivery was not successful.',
  'Product added to cart successfully',
  'The product was added to the cart',
  'Cart is empty',
  'Complete the form',
  'An error occurred. Please try again.',
  'Invalid or inactive promo code',
  'Promo code only applies to license items',
  'Failed to apply promo code',
  'Your payment was successful!',
  'Check your email to get more details',
  // account area and admin
  'Account',
  'Sign out',
  '+Add Subscription',
  'Your Subscriptions',
  'Subscribe Now',
  'Unknown Device',
  'Input profile data correctly!',
  'Profile updated successfully',
  'Password reset successful!',
  'Invoice is downloading now...',
  'Invoice downloaded successfully',
  'Fetching error for the invoice downloading',
  'Tracking URL copied to clipboard',
  'No notifications found.',
  'No orders found.',
  'No Data',
  'No data available.',
  'No data available',
  'No coupons available.',
  'No promotions available.',
  'No Icon',
  'Mark as read',
  'Mark as done',
  'Error fetching data',
  'Loading charts...',
  'to',
  'Successful Usage Events',
  'Error Logs',
  'Select one email',
  'Failed to load licenses',
  'License generated successfully',
  'License generation failed',
  'Revoke successful',
  'Revoke failed',
  'Status updated successfully',
  'Status update failed',
  'Coupon Management',
  '+ Create Coupon',
  '+ Add Promotion',
  'Percentage Off',
  'Fixed Amount Off',
  'Failed to load coupons',
  'Failed to load promotions',
  'Failed to create coupon',
  'Failed to create promotion',
  'Delete failed',
  'Failed to update status',
  'Coupon created',
  'Promotion created',
  'Deleted',
  'Promotion activated',
  'Promotion deactivated',
  'Creating a coupon...',
  'Creating a promotion...',
  'Deleting a coupon...',
  'Activating ...',
  'Deactivating ...',
  'Coupon name is required',
  'Discount value is required and must be a number',
  'Max redemptions must be a valid number',
  'Expiration date is required if enabled',
  'Expiration date is invalid',
  'Promotion code is required',
  'Minimum order value must be a valid number',
];

describe('MSG', () => {
  const values: string[] = Object.values(MSG).flatMap((value) =>
    typeof value === 'string' ? [value] : [],
  );

  it.each(SPEC_STRINGS)('holds the spec string %j verbatim', (text) => {
    expect(values).toContain(text);
  });

  it('names the key strings the server and web rely on', () => {
    expect(MSG.emailAlreadyRegistered).toBe('Email already registered');
    expect(MSG.productAddedToCart).toBe('Product added to cart successfully');
    expect(MSG.loading).toBe('Loading...');
    expect(MSG.routerError).toBe('Unexpected Application Error!');
    expect(MSG.unexpectedError).toBe('An unexpected error occurred.');
    expect(MSG.unknownError).toBe('An unknown error occurred.');
    expect(MSG.selectOneEmail).toBe('Select one email');
    expect(MSG.errorFetchingData).toBe('Error fetching data');
    expect(MSG.paymentSuccessful).toBe('Your payment was successful!');
    expect(MSG.checkEmailForDetails).toBe('Check your email to get more details');
  });

  it('fills the templated messages', () => {
    expect(MSG.getStartedWith('Lenticular Booth')).toBe('Get Started with Lenticular Booth');
    expect(MSG.markSelectedAsRead(3)).toBe('Mark 3 selected as read');
    expect(MSG.usageSummary(42, 1.5)).toBe('Total Usage: 42 | Avg Time: 1.50 s');
  });

  it('has no empty or padded strings', () => {
    for (const value of values) {
      expect(value.length).toBeGreaterThan(0);
      expect(value).toBe(value.trim());
    }
  });
});
