/**
 * A drawn (not photographed) graded card: the measurements overlay collectors see on a report.
 * Pure HTML/CSS so the landing page needs no image download.
 */
export function GradedCardMock() {
  return (
    <figure
      className="relative mx-auto w-full max-w-xs"
      aria-label="Example grading report: centering 52/48 left-right and 54/46 top-bottom, PSA 9, BGS 9.5, CGC 9.5"
    >
      <div className="relative aspect-[63/88] rounded-2xl bg-yellow-300 p-[7%] shadow-2xl ring-1 ring-black/10">
        <div className="flex h-full flex-col rounded-md bg-gradient-to-br from-emerald-200 via-teal-300 to-sky-400 p-2 ring-2 ring-slate-300">
          <div className="flex items-center justify-between text-[11px] font-bold text-slate-900">
            <span>Leafling</span>
            <span>HP 70</span>
          </div>
          <div className="mt-1 flex-1 rounded bg-gradient-to-tr from-lime-200 via-emerald-400 to-teal-600 ring-1 ring-slate-400" />
          <div className="mt-2 space-y-1">
            <div className="h-1.5 w-4/5 rounded bg-slate-800/60" />
            <div className="h-1.5 w-3/5 rounded bg-slate-800/40" />
          </div>
        </div>
        {/* Centering guides */}
        <div aria-hidden className="pointer-events-none absolute inset-y-3 left-[7%] border-l-2 border-dashed border-fuchsia-600" />
        <div aria-hidden className="pointer-events-none absolute inset-y-3 right-[7%] border-r-2 border-dashed border-fuchsia-600" />
        <span
          aria-hidden
          className="absolute -top-3 left-1/2 -translate-x-1/2 rounded bg-fuchsia-700 px-2 py-0.5 text-xs font-semibold text-white"
        >
          L/R 52/48
        </span>
        <span
          aria-hidden
          className="absolute -right-3 top-1/2 -translate-y-1/2 rotate-90 rounded bg-fuchsia-700 px-2 py-0.5 text-xs font-semibold text-white"
        >
          T/B 54/46
        </span>
        {[
          ['-left-2 -top-2', '9.5'],
          ['-right-2 -top-2', '10'],
          ['-left-2 -bottom-2', '9.5'],
          ['-right-2 -bottom-2', '9'],
        ].map(([pos, score]) => (
          <span
            key={pos}
            aria-hidden
            className={`absolute ${pos} flex size-8 items-center justify-center rounded-full bg-white text-xs font-bold text-slate-900 shadow ring-2 ring-brand-700`}
          >
            {score}
          </span>
        ))}
      </div>
      <figcaption className="mt-6 flex justify-center gap-2 text-sm font-semibold" aria-hidden>
        <span className="rounded-md bg-white px-3 py-1 text-slate-900 shadow">PSA 9</span>
        <span className="rounded-md bg-white px-3 py-1 text-slate-900 shadow">BGS 9.5</span>
        <span className="rounded-md bg-white px-3 py-1 text-slate-900 shadow">CGC 9.5</span>
      </figcaption>
    </figure>
  );
}
