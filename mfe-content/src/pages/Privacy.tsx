import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@lipcast/contracts';
import { LegalDocument, LegalSection, SupportLink } from '../legal/LegalDocument';
import '../styles.css';

/** `/privacy`: what Lipcast stores, why, for how long, and how to have it deleted. */
export default function Privacy() {
  return (
    <LegalDocument title="Privacy Policy">
      <p>
        This policy explains what personal data {PRODUCT_NAME} collects when you use the website and the app, why we collect it, how
        long we keep it and what rights you have. It applies together with our <Link to="/terms" className="font-medium text-brand-700 underline">Terms of Service</Link>.
      </p>

      <LegalSection id="privacy-data-we-store" title="1. Data we store">
        <p>We store only what the service needs to work:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Account details from sign-in.</strong> When you sign in, your identity provider gives us your name, your e-mail
            address, a username and, if you have one, a profile picture. We do not receive or store your password.
          </li>
          <li>
            <strong>What you create.</strong> The scripts and dialogue you write, the descriptions, prompts and topics you enter, the voice
            settings you choose (voice, emotion, pitch, speed), the images you upload, and the images, audio and videos we generate for you.
          </li>
          <li>
            <strong>Usage and plan.</strong> How many generations you have used, your subscription plan and status, and the additional
            generations you have bought.
          </li>
          <li>
            <strong>Newsletter.</strong> If you subscribe to the newsletter, the e-mail address you enter and the date you subscribed.
          </li>
          <li>
            <strong>Technical logs.</strong> Our servers keep short-lived logs of requests (time, address requested, result and a request
            identifier) to keep the service secure and to fix errors.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-payments" title="2. Payments">
        <p>
          Payments are handled by Stripe. Your card details are entered in Stripe&apos;s payment form and sent directly to Stripe; we never
          see or store card numbers. We keep only a Stripe customer reference and the state of your subscription or purchase, so that we
          can grant the generations you paid for. Stripe processes your payment data under its own privacy policy.
        </p>
      </LegalSection>

      <LegalSection id="privacy-cookies" title="3. Cookies and tracking">
        <p>
          We use a single cookie, <code className="rounded bg-slate-100 px-1">lipcast.sid</code>, which keeps you signed in. It is
          strictly necessary, contains only a random session identifier, cannot be read by scripts on the page, and expires when you sign
          out or after the session ends. The payment form may set cookies of Stripe&apos;s own while you pay, for fraud prevention.
        </p>
        <p>We do not use advertising cookies, analytics services or any other third-party trackers, and we do not sell your data.</p>
      </LegalSection>

      <LegalSection id="privacy-use" title="4. How we use your data">
        <ul className="list-disc space-y-2 pl-6">
          <li>To sign you in and show you your account, your projects and your remaining generations.</li>
          <li>To produce the scripts, images, voices and videos you ask for, and to let you watch and download them.</li>
          <li>To process payments and apply your plan.</li>
          <li>To send the newsletter, only if you subscribed to it.</li>
          <li>To keep the service secure, prevent abuse and fix problems.</li>
        </ul>
        <p>
          Content you generate may be processed by the providers that run our speech, image and video models, only to produce your
          result. Your influencers are private: only those you choose to publish to the community gallery, with your consent, can be seen by others, and you can unpublish them at any time.
        </p>
      </LegalSection>

      <LegalSection id="privacy-retention" title="5. Data retention">
        <ul className="list-disc space-y-2 pl-6">
          <li>Account details, your creations and your usage history are kept while your account exists.</li>
          <li>Payment records are kept for as long as tax and accounting law requires, even after your account is deleted.</li>
          <li>
            When you delete your account we keep only a one-way fingerprint of your sign-in identity and how many free videos it used,
            so deleting and signing up again does not renew the free videos.
          </li>
          <li>A session ends when you sign out or when it expires, after which it is deleted.</li>
          <li>Technical logs are kept for a short period, normally no longer than 30 days.</li>
          <li>Newsletter addresses are kept until you unsubscribe or ask us to remove them.</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-rights" title="6. Your rights and deleting your data">
        <p>
          You can ask us for a copy of your data, to correct it, or to delete your account and everything you created. Write to our
          support at <SupportLink /> from the e-mail address of your account. We answer within 30 days and, once your data is deleted, it
          cannot be recovered. You may also have the right to complain to your local data protection authority.
        </p>
      </LegalSection>

      <LegalSection id="privacy-security" title="7. Security">
        <p>
          Data travels over encrypted connections, your session cookie is protected from scripts, and generated media are served only to
          the people allowed to see them. No system is perfectly secure; if a breach affects your data, we will tell you as the law
          requires.
        </p>
      </LegalSection>

      <LegalSection id="privacy-children" title="8. Children">
        <p>{PRODUCT_NAME} is not meant for children under 16, and we do not knowingly collect their data.</p>
      </LegalSection>

      <LegalSection id="privacy-changes" title="9. Changes and contact">
        <p>
          If we change this policy, we update the date at the top of this page and, for important changes, tell signed-in users in the
          app. Questions about your privacy: <SupportLink />.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
