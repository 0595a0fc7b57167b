import { Link } from 'react-router';
import { ContactLine, LegalPage } from '@/components/layouts/legal-page';
import { paths } from '@/config/paths';

export default function TermsRoute() {
  return (
    <LegalPage title="Terms of Service" updated="22 November 2026">
      <title>Terms of Service · Selah</title>
      <p>
        These terms govern your use of Selah, a web application for keeping prayer journals, sharing
        prayer requests and praying together with friends and groups. By creating an account or
        using Selah you agree to them. If you do not agree, please do not use the service.
      </p>

      <h2>1. Your account</h2>
      <ul>
        <li>
          You can sign up with an e-mail address and a password, or with your Google account. Keep
          your password to yourself; you are responsible for what happens under your account.
        </li>
        <li>
          Give us a working e-mail address. We use it to sign you in, to reset your password and to
          send the notifications you have switched on.
        </li>
        <li>You must be old enough to agree to these terms where you live.</li>
      </ul>

      <h2>2. Your content</h2>
      <p>
        Your journals, prayers, testimonies, memory verses and prayer requests remain yours. You
        give us only the permission needed to store them and to show them to the people you choose:
        private items stay with you (and, for a private journal, its members), and shared items are
        shown to the friends, members or groups you share them with. We do not sell your content and
        we do not use it for advertising.
      </p>

      <h2>3. Acceptable use</h2>
      <p>Selah is a place for prayer and encouragement. Please do not use it to:</p>
      <ul>
        <li>harass, threaten or shame other people, or share their private details;</li>
        <li>post unlawful content, spam or advertising;</li>
        <li>
          try to access accounts, journals or data that are not yours, or disrupt the service.
        </li>
      </ul>
      <p>We may remove content or suspend accounts that break these rules.</p>

      <h2>4. Plans and payments</h2>
      <p>
        Selah has a free plan with limits and paid plans (Premium and Ministry) that lift them.
        Prices are shown on the pricing page before you pay. Payments are processed by Flutterwave;
        we never see or store your full card details. A plan starts once the payment has been
        confirmed with Flutterwave. If a paid plan ends, your account returns to the free plan and
        nothing you have written is deleted, though some features become read-only.
      </p>

      <h2>5. Ending your account</h2>
      <p>
        You can delete your account at any time from Settings. Deleting it removes your journals,
        prayers and requests as described in our{' '}
        <Link
          to={paths.legal.privacy.getHref()}
          className="text-primary underline underline-offset-4"
        >
          Privacy Policy
        </Link>
        . We may close accounts that seriously or repeatedly break these terms.
      </p>

      <h2>6. The service</h2>
      <p>
        We work to keep Selah available and your data safe, but the service is provided as it is,
        without guarantees that it will always be available or free of errors. To the extent the law
        allows, we are not liable for indirect losses arising from its use. Nothing in these terms
        limits rights you have under consumer law.
      </p>

      <h2>7. Changes</h2>
      <p>
        We may update these terms. When a change matters, we will tell you in the app or by e-mail
        before it takes effect. Continuing to use Selah after that means you accept the new terms.
      </p>

      <h2>8. Contact</h2>
      <p>
        Questions about these terms? Reach us <ContactLine />.
      </p>
    </LegalPage>
  );
}
