import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { PageHero, Section } from './MarketingSection';

const PIPELINE: [string, string][] = [
  [
    'Photograph front and back',
    'Lay the card flat on a plain surface in even light, out of its sleeve. Fill most of the frame with the card; a slight angle is fine.',
  ],
  [
    'Upload and checks',
    'We check the file is a real image within the size limits, turn it upright and strip location and camera data before storing it.',
  ],
  [
    'Find and straighten the card',
    'The engine finds the card, fits its four cut edges to a fraction of a pixel and undoes the camera angle, so every measurement is made on a flat, true-scale card (63 × 88 mm).',
  ],
  [
    'Refuse rather than guess',
    'If the card is cut off, blurry, too small or washed out by glare, you get the reason and your credit back instead of a made-up grade.',
  ],
  [
    'Measure centering',
    'Border widths are measured from the cut edge to the print frame along every side of both faces. You get ratios like 55/45, how much they vary along each edge, and their uncertainty. Borderless full-art cards are reported as not measurable.',
  ],
  [
    'Score corners, edges and surface',
    'Eight corners, eight edges and both surfaces are examined for whitening, rounding, chipping, scratches, print lines and stains. Each finding is drawn on the image with its size and severity; holo shine is recognised as shine.',
  ],
  [
    'Map to grading scales',
    'Sub-grades in half steps are mapped to PSA-, BGS- and CGC-style grades with each company’s published rules, kept as versioned tables.',
  ],
  [
    'Values and a recommendation',
    'Estimated values per platform, minus typical grading fees, give the platform where submitting is most worthwhile.',
  ],
];

const PSA_SCALE: [string, string, string][] = [
  ['10', 'Gem Mint', 'Centering 55/45 or better front, 75/25 back; four sharp corners; no visible wear.'],
  ['9', 'Mint', 'One minor flaw, such as slight wear on one corner; centering 60/40 front.'],
  ['8', 'Near Mint–Mint', 'Slight wear on a few corners or edges; centering 65/35 front.'],
  ['7', 'Near Mint', 'Light wear visible on close inspection; centering 70/30 front.'],
  ['6', 'Excellent–Mint', 'Visible wear on corners and edges; minor surface scuffs.'],
  ['5 and below', 'Excellent and lower', 'Rounded corners, chipping, creases or heavy surface wear.'],
];

export default function HowItWorksPage() {
  return (
    <div>
      <PageHero
        eyebrow="How it works"
        title="From two photos to a grade you can check"
        lead="What happens between your upload and your report, step by step."
      />
      <Section>
        <ol className="relative mx-auto max-w-3xl space-y-8 border-l-2 border-brand-100 pl-8">
          {PIPELINE.map(([title, text], i) => (
            <li key={title} className="relative">
              <span className="absolute -left-[3.05rem] flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {i + 1}
              </span>
              <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 leading-7 text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <section className="bg-white">
        <Section
          title="What the grades mean"
          lead="The PSA-style scale our reports use. BGS- and CGC-style grades follow their own published scales, with half points."
        >
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="p-3 font-semibold">
                    Grade
                  </th>
                  <th scope="col" className="p-3 font-semibold">
                    Label
                  </th>
                  <th scope="col" className="p-3 font-semibold">
                    What it takes
                  </th>
                </tr>
              </thead>
              <tbody>
                {PSA_SCALE.map(([grade, label, text]) => (
                  <tr key={grade} className="border-t border-slate-100">
                    <th scope="row" className="p-3 font-bold text-brand-800">
                      {grade}
                    </th>
                    <td className="p-3 font-medium text-slate-900">{label}</td>
                    <td className="p-3 text-slate-700">{text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      </section>
      <Section className="text-center">
        <Button asChild size="lg">
          <Link to="/register">Try it on your own cards</Link>
        </Button>
      </Section>
    </div>
  );
}
