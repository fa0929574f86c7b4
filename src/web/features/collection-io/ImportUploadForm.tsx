import { useMutation } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type TImportPreviewResponse } from '@contract/collection-io';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { api } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/api';

/** Checked here for a quick answer; the server checks the same and everything else about the file. */
const ZImportFileForm = z.object({
  file: z
    .instanceof(File, { message: 'Choose a CSV file to import.' })
    .nullable()
    .refine((f) => f !== null, 'Choose a CSV file to import.')
    .refine((f) => !f || f.size <= IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE),
});
type TImportFileForm = z.input<typeof ZImportFileForm>;

export function ImportUploadForm({ onPreview }: { onPreview: (preview: TImportPreviewResponse) => void }) {
  const form = useForm<TImportFileForm>({ resolver: zodResolver(ZImportFileForm), defaultValues: { file: null } });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api('POST /api/collection-imports', { body });
    },
    onSuccess: onPreview,
  });
  const error = form.formState.errors.file?.message;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(({ file }) => {
        if (file) upload.mutate(file);
      })}
    >
      <Controller
        control={form.control}
        name="file"
        render={({ field }) => (
          <FormField
            label="CSV file"
            error={error}
            hint="UTF-8 CSV, up to 5 MB and 10,000 cards: a GradeVault export, a TCGplayer or Collectr export, or a spreadsheet with Name, Set and Number columns (Quantity, Condition and Price if you have them)."
          >
            <input
              type="file"
              accept=".csv,text/csv"
              name={field.name}
              onBlur={field.onBlur}
              onChange={(e) => {
                upload.reset();
                field.onChange(e.target.files?.[0] ?? null);
              }}
              className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-800 file:mr-3 file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-900 hover:file:bg-slate-200"
            />
          </FormField>
        )}
      />
      {upload.isError && (
        <Alert variant="destructive">
          <AlertTitle>The file was not imported</AlertTitle>
          <AlertDescription>{errorMessage(upload.error)}</AlertDescription>
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={upload.isPending}>
          <Upload aria-hidden /> {upload.isPending ? 'Reading the file…' : 'Upload and preview'}
        </Button>
      </div>
      <p className="text-sm text-slate-600">Nothing is added to your collection until you have seen the preview and confirmed it.</p>
    </form>
  );
}
