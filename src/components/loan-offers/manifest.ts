import { paydayLoans } from '../../client/routes/promo.js';
import { manifest } from '../manifest.js';
import { chooseLoans } from './choose.js';
import { PubnetLoanOffers } from './loan-offers.js';

export default manifest({
  tag: 'pubnet-loan-offers',
  element: PubnetLoanOffers,
  render: {
    route: 'loan-offers/',
    check({ key, 'website-key': websiteKey }) {
      if (!/^[\w-]{1,64}$/.test(websiteKey ?? key ?? ''))
        throw new TypeError('pubnet-widgets/render: loan offers need key, a website guid');
    },
    // The website's page, of which the answer keeps the offers shown.
    async request(loans, core, signal) {
      const page = await core.request(paydayLoans, {
        params: { token: (loans.websiteKey ?? loans.key)! },
        signal,
      });
      return chooseLoans(page, loans.choice());
    },
  },
  wordpress: { shortcode: 'pubnet_loan_offers', block: 'loan-offers' },
});
