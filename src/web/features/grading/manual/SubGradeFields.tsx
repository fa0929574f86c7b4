import type { TManualGradeRequest } from '@contract/manual-grade';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

const STEPS = Array.from({ length: 19 }, (_, i) => 10 - i * 0.5);

/** The sub-grade and centering inputs; `fieldError` marks the field the server complained about. */
export function SubGradeFields({
  form,
  onChange,
  fieldError,
}: {
  form: TManualGradeRequest;
  onChange: (next: TManualGradeRequest) => void;
  fieldError?: { field?: string; message: string };
}) {
  const errorFor = (key: keyof TManualGradeRequest) => (fieldError?.field === key ? fieldError.message : undefined);
  const select = (key: 'corners' | 'edges' | 'surface', label: string) => (
    <FormField label={label} error={errorFor(key)}>
      <select
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
        value={form[key]}
        onChange={(e) => onChange({ ...form, [key]: Number(e.target.value) })}
      >
        {STEPS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </FormField>
  );
  const share = (key: 'frontCentering' | 'backCentering', label: string) => (
    <FormField label={label} error={errorFor(key)} hint="Larger share of the worse axis (55 for 55/45); empty if not measurable.">
      <Input
        type="number"
        inputMode="decimal"
        min={50}
        max={100}
        step="any"
        value={form[key] ?? ''}
        onChange={(e) => onChange({ ...form, [key]: e.target.value === '' ? null : Number(e.target.value) })}
      />
    </FormField>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {select('corners', 'Corners')}
      {select('edges', 'Edges')}
      {select('surface', 'Surface')}
      <div className="hidden sm:block" aria-hidden />
      {share('frontCentering', 'Front centering')}
      {share('backCentering', 'Back centering')}
    </div>
  );
}
