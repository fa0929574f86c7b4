import { LegalDocument } from './MarketingSection';

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="November 22, 2026"
      sections={[
        {
          heading: 'Who we are',
          body: (
            <p>
              GradeVault is an online service that estimates the condition of trading cards from photos. By creating an account or using the
              service you agree to these terms.
            </p>
          ),
        },
        {
          heading: 'What our grades are',
          body: (
            <p>
              Our grades, sub-grades and values are estimates produced by software from the photos you provide. They are not grades issued
              by PSA, Beckett (BGS), CGC or any other grading company, and we are not affiliated with them. Do not present our estimates as
              an official grade when selling a card.
            </p>
          ),
        },
        {
          heading: 'Your account',
          body: (
            <p>
              Keep your password to yourself and tell us if you think someone else has used your account. You are responsible for what
              happens under your account. One person, one account.
            </p>
          ),
        },
        {
          heading: 'Credits and subscriptions',
          body: (
            <>
              <p>
                Starter accounts spend one credit per grading. Credits do not expire and cannot be exchanged for cash. If a grading fails on
                our side or a photo is refused, the credit is returned automatically.
              </p>
              <p>
                Pro subscriptions renew each month until cancelled; cancelling stops the next renewal and keeps Pro until the end of the
                period already paid.
              </p>
            </>
          ),
        },
        {
          heading: 'Your photos',
          body: (
            <p>
              You keep all rights to your photos. You give us permission to store and process them to provide the service, including making
              annotated copies for your reports. Only upload photos of cards you own or are entitled to photograph.
            </p>
          ),
        },
        {
          heading: 'Acceptable use',
          body: (
            <p>
              Do not attempt to break, overload or reverse engineer the service, access other people&apos;s data, or upload anything
              unlawful. We may suspend accounts that do.
            </p>
          ),
        },
        {
          heading: 'Liability',
          body: (
            <p>
              We work hard to measure accurately, but we cannot promise that a grading company will agree with our estimate or that a card
              will sell for its estimated value. To the extent the law allows, our liability is limited to the amount you paid us in the 12
              months before the claim.
            </p>
          ),
        },
        {
          heading: 'Changes and contact',
          body: (
            <p>
              We will announce material changes to these terms by email at least 14 days before they apply. Questions:
              support@gradevault.example.
            </p>
          ),
        },
      ]}
    />
  );
}
