import { describe, expect, it } from 'vitest';

import { findProduct } from './catalogue';
import { PLANS, SETUP_KIT_SECTIONS } from './plans';

describe('PLANS', () => {
  it('has ids 10 to 13 in order, each 10 plus its index', () => {
    expect(PLANS.map((plan) => plan.id)).toEqual([10, 11, 12, 13]);
  });

  it('takes titles, prices and licence types from the catalogue', () => {
    expect(PLANS.map((plan) => [plan.title, plan.price, plan.period, plan.licenseType])).toEqual([
      ['Daily License', 40, 'Day', 'day'],
      ['Monthly License', 150, 'Month', 'month'],
      ['Yearly License', 1500, 'Year', 'year'],
      ['One Time Setup', 990, '', 'onetime'],
    ]);
    for (const plan of PLANS) expect(plan.price).toBe(findProduct(plan.id)?.price);
  });

  it('describes access and devices', () => {
    expect(PLANS[0]?.content).toEqual(['24 hours unlimited access', 'One device']);
    expect(PLANS[1]?.content).toContain('One device');
    expect(PLANS[1]?.content.join(' ')).toContain('30 days');
    expect(PLANS[2]?.content).toContain('365 days unlimited access');
  });

  it('lists the setup kit contents under three headings', () => {
    const kit = PLANS.find((plan) => plan.id === 13);
    expect(kit?.content).toEqual([
      'Training manual',
      'One 1-hour online meeting',
      'One roller',
      '500 sheets of 4x4 inch',
      'App download',
      '3-month key for one device',
      'Custom border file',
    ]);
    expect(Array.isArray(kit?.subTitle)).toBe(true);
    expect(kit?.subTitle).toHaveLength(3);
    expect(kit?.subTitle).toEqual(SETUP_KIT_SECTIONS.map((section) => section.heading));
    for (const plan of PLANS.slice(0, 3)) expect(typeof plan.subTitle).toBe('string');
  });

  it('gives every plan a colour', () => {
    for (const plan of PLANS) expect(plan.colour).toMatch(/^#[0-9a-f]{6}$/i);
  });
});
