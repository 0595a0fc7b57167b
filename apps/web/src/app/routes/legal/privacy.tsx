import { ContactLine, LegalPage } from '@/components/layouts/legal-page';

export default function PrivacyRoute() {
  return (
    <LegalPage title="Privacy Policy" updated="22 November 2026">
      <title>Privacy Policy · Selah</title>
      <p>
        Prayer is personal. This policy explains what Selah keeps about you, why, who can see it,
        and how you can take it with you or delete it.
      </p>

      <h2>1. What we keep</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, e-mail address, a securely hashed password
          (never the password itself), your role and your settings, such as theme and notification
          preferences.
        </li>
        <li>
          <strong>What you write:</strong> journals, prayers, testimonies, memory verses, prayer
          requests and prayer groups, with the dates they were created and answered.
        </li>
        <li>
          <strong>Connections:</strong> your friends, friend requests, journal memberships and group
          memberships, and when you were last active (shown to friends as online status).
        </li>
        <li>
          <strong>Sign-in records:</strong> active sessions, with the time, IP address and browser
          of each sign-in, so that you and we can spot misuse. Security logs are kept for a limited
          time.
        </li>
        <li>
          <strong>Payments:</strong> the plan you bought, the amount, the currency and
          Flutterwave&apos;s transaction reference. Card and mobile-money details are handled by
          Flutterwave and never reach us.
        </li>
      </ul>

      <h2>2. Why we keep it</h2>
      <p>
        Only to run Selah for you: to sign you in, show your journals to you and to the people you
        share them with, send the notifications and reminders you switched on, process your plan and
        keep the service secure. We do not sell personal data, show advertising or build advertising
        profiles.
      </p>

      <h2>3. Who can see what</h2>
      <ul>
        <li>Private journals: you and the journal&apos;s members. Private prayers: only you.</li>
        <li>Public journals: any signed-in Selah user, who may also join them.</li>
        <li>Private prayer requests: you and the friends you chose. Public ones: your friends.</li>
        <li>
          Your profile is visible according to your privacy settings (public, friends or private).
        </li>
      </ul>

      <h2>4. E-mail</h2>
      <p>
        We send e-mail for password resets, invitations and the notifications and reminders you
        choose in Settings. You can switch notification e-mails off at any time; messages that are
        needed to operate your account, such as password resets, are always sent.
      </p>

      <h2>5. Google sign-in</h2>
      <p>
        If you sign in with Google, Google tells us your name, e-mail address, whether that address
        is verified, your profile picture and a stable account identifier. We use them only to
        create and sign in to your Selah account. We do not get your Google password or access to
        your Google data beyond that.
      </p>

      <h2>6. Payments through Flutterwave</h2>
      <p>
        Paid plans are processed by Flutterwave, which receives the payment details you enter in its
        checkout and your e-mail address, and handles them under its own privacy policy. Selah
        confirms each payment with Flutterwave before changing your plan.
      </p>

      <h2>7. Storage on your device</h2>
      <p>
        Selah keeps your sign-in token, a copy of your basic profile, and your light/dark and colour
        choices in your browser&apos;s local storage. Logging out removes them. We do not use
        tracking cookies.
      </p>

      <h2>8. Keeping, exporting and deleting</h2>
      <p>
        We keep your data while your account exists. You can export a journal from the app, and you
        can delete your account from Settings: your journals, prayers, requests and personal details
        are then removed from the live service, and from backups as they expire. Payment records may
        be kept longer where the law requires it.
      </p>

      <h2>9. Security</h2>
      <p>
        Passwords are hashed with a modern algorithm, connections are encrypted, sessions can be
        ended from any device, and access to your data is checked on every request.
      </p>

      <h2 id="contact">10. Contact</h2>
      <p>
        To ask what we hold about you, to correct it or to have it deleted, reach us <ContactLine />
        .
      </p>
    </LegalPage>
  );
}
