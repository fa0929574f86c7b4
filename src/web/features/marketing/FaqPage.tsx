import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { Link } from 'react-router';
import { STARTER_FREE_CREDITS } from '@contract/plans';
import { PageHero, Section } from './MarketingSection';

const FAQ: [string, React.ReactNode][] = [
  [
    'Is this an official PSA, BGS or CGC grade?',
    'No. We are independent and not affiliated with any grading company. Our grades are estimates of what those companies would likely give, based on measurements of your photos. Use them to decide which cards are worth submitting.',
  ],
  [
    'How accurate is it?',
    'Centering is measured, not guessed: on our test photos the error is about half a percentage point on average. Corners, edges and surface depend more on photo quality, so every report carries a confidence figure and shows exactly what was found where.',
  ],
  [
    'What photos do I need?',
    'The front and the back, each with the whole card in the frame, lying flat on a plain surface, in even light. Take the card out of its sleeve or toploader to avoid glare. Close-ups of the corners are optional and sharpen the corner scores.',
  ],
  [
    'Why was my photo refused?',
    'We would rather refuse than guess. A photo is refused when no card is found, the card is cut off by the frame, the image is too blurry or too small, or glare hides part of the card. The reason is shown, and a refused photo costs no credit.',
  ],
  [
    'What does a centering ratio like 55/45 mean?',
    'It is the share of the total border on each side. 55/45 left/right means the left border is 55% of the two side borders together. PSA-style 10s need 55/45 or better on the front and 75/25 on the back.',
  ],
  [
    'How are values estimated?',
    'Each graded card gets an estimated value per grading platform. Values are refreshed weekly for cards graded in the last 12 months and for all cards of Pro members.',
  ],
  [
    'Credits or Pro?',
    `Credits suit occasional graders: one credit is one grading and new accounts get ${STARTER_FREE_CREDITS} free. Pro is unlimited grading with weekly value updates for your whole collection.`,
  ],
  [
    'What happens if a grading fails?',
    'The credit goes back to your balance automatically and you are notified. You can try again with new photos.',
  ],
  [
    'Who can see my photos?',
    'Only you, and our administrators when they look into a problem. Location and camera data are removed on upload. Cards become visible to others only if you put them in a binder you make public.',
  ],
  ['Can I delete my account?', 'Yes. Write to support and we delete your account, photos and gradings within 30 days.'],
];

export default function FaqPage() {
  return (
    <div>
      <PageHero eyebrow="FAQ" title="Frequently asked questions" lead="Straight answers about grading, photos, values and your account." />
      <Section>
        <Accordion.Root type="multiple" className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {FAQ.map(([q, a]) => (
            <Accordion.Item key={q} value={q}>
              <Accordion.Header asChild>
                <h2>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50">
                    {q}
                    <ChevronDown
                      aria-hidden
                      className="size-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-4 leading-7 text-slate-700">{a}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
        <p className="mt-8 text-center text-slate-700">
          Still curious? Read{' '}
          <Link to="/how-it-works" className="font-medium text-brand-700 underline">
            how it works
          </Link>
          .
        </p>
      </Section>
    </div>
  );
}
