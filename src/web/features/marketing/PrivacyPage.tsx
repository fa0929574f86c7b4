import { LegalDocument } from './MarketingSection';

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 22, 2026"
      sections={[
        {
          heading: 'What we collect',
          body: (
            <ul>
              <li>
                <strong>Account details:</strong> username, email, optional first and last name, and a password hash (Argon2id; we never see
                or store your password).
              </li>
              <li>
                <strong>Card photos</strong> you upload, and the gradings, notes and prices you add.
              </li>
              <li>
                <strong>Orders and subscriptions</strong>: what you bought and when. Payment card details stay with our payment provider.
              </li>
              <li>
                <strong>Sessions:</strong> when you signed in and the browser you used, so you can see and end your sessions.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Photos and metadata',
          body: (
            <p>
              Every uploaded photo is re-encoded on arrival. Location (GPS), camera and other embedded metadata are removed before anything
              is stored.
            </p>
          ),
        },
        {
          heading: 'Cookies',
          body: (
            <p>
              We set two cookies: a session cookie that keeps you signed in (HttpOnly, not readable by scripts) and a security token that
              protects your account against cross-site request forgery. We use no advertising or tracking cookies and no third-party
              analytics.
            </p>
          ),
        },
        {
          heading: 'Who sees your data',
          body: (
            <p>
              Your cards and photos are private. They become visible to others only when you put them in a binder you mark public. Our
              administrators can see account and grading data to run the service and answer support requests. We do not sell personal data.
            </p>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <p>
              Account data is kept while your account exists. Sessions expire after 30 days without use; password reset codes after 10
              minutes. When you delete your account we remove your data within 30 days, except order records we must keep for tax law.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You can see and correct your profile at any time, ask for a copy of your data, or ask us to delete it. Write to
              privacy@gradevault.example and we answer within 30 days.
            </p>
          ),
        },
      ]}
    />
  );
}
