import { Check } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link, useSearchParams } from 'react-router';
import { CREDIT_PACKAGES, DEFAULT_CREDIT_PACKAGE, PRO_PLAN, SHARING_LINE, STARTER_FREE_CREDITS } from '@contract/plans';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatCents } from '@web/lib/format';
import { PageHero, Section } from './MarketingSection';

const TAB_CLASS =
  'rounded-md px-5 py-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow';

const COMPARISON: [string, string, string][] = [
  ['Gradings', 'One credit each', 'Unlimited'],
  ['Evidence images and decision logs', 'Included', 'Included'],
  ['Estimated values at grading time', 'Included', 'Included'],
  ['Weekly value updates', 'Cards graded in the last 12 months', 'Every card, any age'],
  ['Binders', 'Included', 'Included'],
  ['Share a public binder by link', 'Included', 'Included'],
  ['Grading queue', 'Standard', 'Priority'],
];

export default function PricingPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'pro' ? 'pro' : 'credits';
  return (
    <div>
      <PageHero
        eyebrow="Pricing"
        title="Pay per card, or grade without limits"
        lead={`Every new account gets ${STARTER_FREE_CREDITS} free gradings. Credits never expire; Pro can be cancelled any time.`}
      />
      <Section>
        <Tabs.Root value={tab} onValueChange={(v) => setParams(v === 'pro' ? { tab: 'pro' } : {}, { replace: true })}>
          <Tabs.List aria-label="Plans" className="mx-auto flex w-fit gap-1 rounded-lg bg-slate-200 p-1">
            <Tabs.Trigger value="credits" className={TAB_CLASS}>
              Credits
            </Tabs.Trigger>
            <Tabs.Trigger value="pro" className={TAB_CLASS}>
              Pro
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="credits" className="mt-10">
            <ul className="grid gap-6 md:grid-cols-3">
              {CREDIT_PACKAGES.map((p) => {
                const popular = p.id === DEFAULT_CREDIT_PACKAGE;
                return (
                  <li
                    key={p.id}
                    className={cn(
                      'flex flex-col rounded-xl border bg-white p-6 shadow-sm',
                      popular ? 'border-2 border-brand-700' : 'border-slate-200',
                    )}
                  >
                    <div className="flex items-center justify-between">
                      <h2 className="text-lg font-semibold text-slate-900">{p.name}</h2>
                      {popular && <Badge>Most popular</Badge>}
                    </div>
                    <p className="mt-4 text-4xl font-bold text-slate-900">{formatCents(p.priceCents)}</p>
                    <p className="mt-1 text-sm text-slate-700">
                      {p.credits} credits · {formatCents(Math.round(p.priceCents / p.credits))} per grading
                    </p>
                    <p className="mt-4 flex-1 text-sm text-slate-700">{p.blurb}</p>
                    <Button asChild className="mt-6" variant={popular ? 'default' : 'outline'}>
                      <Link
                        to={`/account/checkout/credits?package=${p.id}`}
                        aria-label={`Buy ${p.credits} credits for ${formatCents(p.priceCents)}`}
                      >
                        Buy {p.credits} credits
                      </Link>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </Tabs.Content>
          <Tabs.Content value="pro" className="mt-10">
            <div className="mx-auto max-w-md rounded-xl border-2 border-brand-700 bg-white p-8 shadow-sm">
              <h2 className="text-xl font-semibold text-slate-900">{PRO_PLAN.name}</h2>
              <p className="mt-4 text-4xl font-bold text-slate-900">
                {formatCents(PRO_PLAN.priceCents)}
                <span className="text-base font-medium text-slate-700"> / {PRO_PLAN.interval}</span>
              </p>
              <ul className="mt-6 space-y-3">
                {PRO_PLAN.perks.map((perk) => (
                  <li key={perk} className="flex gap-2 text-slate-800">
                    <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" /> {perk}
                  </li>
                ))}
              </ul>
              <Button asChild className="mt-8 w-full" size="lg">
                <Link to="/account/checkout/subscriptions">Go Pro</Link>
              </Button>
            </div>
          </Tabs.Content>
        </Tabs.Root>
      </Section>
      <Section title="Starter and Pro side by side">
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="p-4 font-semibold">
                  What you get
                </th>
                <th scope="col" className="p-4 font-semibold">
                  Starter
                </th>
                <th scope="col" className="p-4 font-semibold">
                  Pro
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map(([what, starter, pro]) => (
                <tr key={what} className="border-t border-slate-100">
                  <th scope="row" className="p-4 font-medium text-slate-900">
                    {what}
                  </th>
                  <td className="p-4 text-slate-700">{starter}</td>
                  <td className="p-4 text-slate-700">{pro}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-sm text-slate-700">{SHARING_LINE}</p>
        <p className="mt-2 text-sm text-slate-700">
          If a grading fails — a photo we cannot read, a problem on our side — the credit goes back to your balance automatically.
        </p>
      </Section>
    </div>
  );
}
