import { describe, expect, it } from 'vitest';
import type { TCustomerDetail } from '@lbs/domain/customer-page';
import { customerSectionOf, pageParamOf, sectionAfterKey } from './customer-sections';

describe('customerSectionOf', () => {
  it('reads the section from the link, case-insensitively', () => {
    expect(customerSectionOf('timeline')).toBe('timeline');
    expect(customerSectionOf('Orders')).toBe('orders');
  });
  it('opens at Licenses without one, or for an unknown one', () => {
    expect(customerSectionOf(null)).toBe('licenses');
    expect(customerSectionOf('payments')).toBe('licenses');
  });
  it('opens a customer at the first section that has rows, else the timeline', () => {
    const counts = (licenses: number, orders: number) => ({ counts: { licenses, orders, invoices: orders, notifications: 0 } }) as TCustomerDetail;
    expect(customerSectionOf(null, counts(2, 1))).toBe('licenses');
    expect(customerSectionOf(null, counts(0, 1))).toBe('orders');
    expect(customerSectionOf(null, counts(0, 0))).toBe('timeline');
    expect(customerSectionOf('invoices', counts(0, 0))).toBe('invoices');
  });
});

describe('pageParamOf', () => {
  it('takes a whole number from 1, else 1', () => {
    expect(pageParamOf('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'two']) expect(pageParamOf(bad)).toBe(1);
  });
});

describe('sectionAfterKey', () => {
  it('moves with the arrows, wrapping at either end, and jumps with Home and End', () => {
    expect(sectionAfterKey('licenses', 'ArrowRight')).toBe('orders');
    expect(sectionAfterKey('timeline', 'ArrowRight')).toBe('licenses');
    expect(sectionAfterKey('licenses', 'ArrowLeft')).toBe('timeline');
    expect(sectionAfterKey('orders', 'Home')).toBe('licenses');
    expect(sectionAfterKey('orders', 'End')).toBe('timeline');
  });
  it('ignores other keys', () => {
    expect(sectionAfterKey('orders', 'Enter')).toBeNull();
  });
});
