import { Camera, Crosshair, Gem, Layers, ScanLine, Square, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { CREDIT_PACKAGES, PRO_PLAN, STARTER_FREE_CREDITS } from '@contract/plans';
import { Button } from '@web/components/ui/button';
import { formatCents } from '@web/lib/format';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { GradedCardMock } from './GradedCardMock';
import { Section } from './MarketingSection';

const ASPECTS = [
  {
    icon: Crosshair,
    title: 'Centering',
    text: 'Border widths measured from the cut edge to the print frame on both faces, reported as ratios like 55/45 with their uncertainty.',
  },
  {
    icon: Square,
    title: 'Corners',
    text: 'All eight corners scored one by one for whitening, rounding, fraying and dings, with a close-up of each.',
  },
  { icon: ScanLine, title: 'Edges', text: 'Every edge of the front and back checked for wear and chipping, shown as annotated strips.' },
  {
    icon: Layers,
    title: 'Surface',
    text: 'Scratches, print lines, stains and dents located and sized — and holo shine told apart from real damage.',
  },
];

const STEPS = [
  { icon: Camera, title: 'Photograph', text: 'Front and back on any plain surface. Your phone is enough.' },
  { icon: Gem, title: 'Measure', text: 'The engine finds the card, straightens it and measures the four aspects.' },
  { icon: TrendingUp, title: 'Decide', text: 'PSA-, BGS- and CGC-style grades, estimated values and where it is worth submitting.' },
];

export default function LandingPage() {
  useDocumentTitle('Card grading you can check');
  const cheapest = Math.min(...CREDIT_PACKAGES.map((p) => p.priceCents / p.credits));
  return (
    <div>
      <section className="overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-indigo-700 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-gold-400">Pre-grade before you pay to grade</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">A card grader that shows its measurements</h1>
            <p className="mt-5 text-lg text-indigo-100">
              Photograph a card and get PSA-, BGS- and CGC-style grades with the evidence behind every point: centering ratios, per-corner
              scores, edge wear and surface findings drawn on your own photos.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild variant="gold" size="lg">
                <Link to="/register">Grade your first card</Link>
              </Button>
              <Button asChild variant="outline" size="lg" className="border-white/40 bg-transparent text-white hover:bg-white/10">
                <Link to="/how-it-works">See how it works</Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-indigo-100">{STARTER_FREE_CREDITS} free gradings when you sign up. No payment card needed.</p>
          </div>
          <GradedCardMock />
        </div>
      </section>

      <Section
        title="Four things decide a grade. We measure all four."
        lead="Each sub-grade comes with the numbers and the marked-up image it was decided from, so you can check our work."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ASPECTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden className="size-8 text-brand-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section className="bg-white">
        <Section title="Three steps, a couple of minutes">
          <ol className="grid gap-6 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                    <Icon aria-hidden className="size-4 text-brand-700" /> {title}
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Section>
      </section>

      <Section title="Simple pricing">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold">Starter credits</h3>
            <p className="mt-2 text-slate-700">
              One credit grades one card. From {formatCents(Math.round(cheapest))} a grading; credits never expire.
            </p>
            <Link to="/pricing" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
              See credit packs
            </Link>
          </div>
          <div className="rounded-xl border-2 border-brand-700 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold">Pro</h3>
            <p className="mt-2 text-slate-700">
              Unlimited gradings and weekly value updates for {formatCents(PRO_PLAN.priceCents)} a {PRO_PLAN.interval}.
            </p>
            <Link to="/pricing?tab=pro" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
              Compare Pro
            </Link>
          </div>
        </div>
      </Section>

      <section className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-14 text-center sm:px-6">
          <h2 className="text-2xl font-bold sm:text-3xl">Know what you hold before you ship it</h2>
          <p className="max-w-2xl text-indigo-100">
            Grading fees add up. Check centering and condition first, and send only the cards that will come back with the grade you expect.
          </p>
          <Button asChild variant="gold" size="lg">
            <Link to="/register">Create a free account</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
