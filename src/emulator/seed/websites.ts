/** The publisher's websites: two active, one pending, one suspended. */
import { known } from '../known.js';
import type { WebsiteRec } from '../state.js';

const base = {
  _version: 1,
  denial_reason: null,
  created_at: '2023-03-14T09:26:53Z',
  updated_at: '2024-10-02T08:00:00Z',
};

export function seedWebsites(): WebsiteRec[] {
  const w = known.websites;
  return [
    {
      ...base,
      ...w.active,
      description: 'Daily deals and price drops from Polish shops.',
      categories: ['deals', 'tech'],
      target_audience: 'PL',
      type: 'deal',
      status: 'active',
    },
    {
      ...base,
      ...w.secondActive,
      description: 'Reviews of headphones, phones and laptops.',
      categories: ['tech', 'gaming'],
      target_audience: 'DE',
      type: 'content_blog',
      status: 'active',
      created_at: '2023-09-01T12:00:00Z',
    },
    {
      ...base,
      ...w.pending,
      description: 'Coupon codes, waiting for verification.',
      categories: ['deals'],
      target_audience: 'PL',
      type: 'price_comparison',
      status: 'pending',
      created_at: '2024-11-10T15:30:00Z',
      updated_at: '2024-11-10T15:30:00Z',
    },
    {
      ...base,
      ...w.suspended,
      description: null,
      categories: ['other'],
      target_audience: 'US',
      type: 'social_network',
      status: 'suspended',
      denial_reason: 'Incentivized traffic without the advertiser’s approval.',
      _version: 3,
    },
  ];
}
