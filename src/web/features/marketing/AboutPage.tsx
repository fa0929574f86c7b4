import { PageHero, Section } from './MarketingSection';

const PRINCIPLES: [string, string][] = [
  [
    'Show the evidence',
    'A grade without its measurements is an opinion. Every report shows what was measured, where, and how sure we are.',
  ],
  ['Refuse rather than guess', 'When a photo cannot support a measurement we say so, and you keep your credit.'],
  ['Your photos are yours', 'Private by default, metadata removed, never sold, deleted when you leave.'],
  ['Fair pricing', 'Free gradings to start, credits that never expire, and a Pro plan for people who grade a lot.'],
];

export default function AboutPage() {
  return (
    <div>
      <PageHero
        eyebrow="About"
        title="Collectors and engineers, tired of guessing"
        lead="We built the pre-grading tool we wanted: one that measures, explains, and lets you decide."
      />
      <Section title="Why we built GradeVault">
        <div className="max-w-3xl space-y-4 leading-7 text-slate-700">
          <p>
            Sending a card to a grading company costs money and weeks of waiting. Too often the grade that comes back is a surprise — a
            centering that looked fine by eye, a corner that whitened under the loupe. We wanted to know before we paid.
          </p>
          <p>
            Existing apps gave a number and little else. We are a small team of collectors and software engineers, and we think a grader
            earns trust the way a good appraiser does: by showing the measurements behind the verdict. So GradeVault straightens your photo,
            measures borders to a fraction of a millimetre, scores every corner and edge, and draws what it found on your own images.
          </p>
        </div>
      </Section>
      <section className="bg-white">
        <Section title="What we hold ourselves to">
          <ul className="grid gap-6 sm:grid-cols-2">
            {PRINCIPLES.map(([title, text]) => (
              <li key={title} className="rounded-xl border border-slate-200 p-6">
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </Section>
      </section>
      <Section title="Contact">
        <p className="text-slate-700">
          Support:{' '}
          <a className="font-medium text-brand-700 underline" href="mailto:support@gradevault.example">
            support@gradevault.example
          </a>{' '}
          · Privacy:{' '}
          <a className="font-medium text-brand-700 underline" href="mailto:privacy@gradevault.example">
            privacy@gradevault.example
          </a>
        </p>
        <p className="mt-2 text-sm text-slate-600">GradeVault is independent and not affiliated with PSA, Beckett (BGS) or CGC.</p>
      </Section>
    </div>
  );
}
