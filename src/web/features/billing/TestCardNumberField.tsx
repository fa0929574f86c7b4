import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

/** Digits in groups of four as they are typed, as a card form shows them. */
export const groupCardNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The built-in test provider's card field (hosted checkout and portal): one look, one formatting. */
export function TestCardNumberField(props: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField label={props.label} error={props.error} hint={props.hint}>
      <Input
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={props.value}
        onChange={(e) => props.onChange(groupCardNumber(e.target.value))}
        required
      />
    </FormField>
  );
}
