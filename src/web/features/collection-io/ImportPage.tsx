import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TImportPreviewResponse } from '@contract/collection-io';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { ImportPreview } from './ImportPreview';
import { ImportUploadForm } from './ImportUploadForm';

/**
 * /account/collection/import: choose a file, see what it matched, confirm. The preview's id is in the
 * URL (`?id=`), so a reload or a shared tab comes back to the same preview (for a day).
 */
export default function ImportPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [first, setFirst] = useState<TImportPreviewResponse | undefined>();

  return (
    <PageContainer>
      <PageHeader
        title="Import cards"
        description="Add cards to your collection from a CSV file."
        actions={
          <Button variant="outline" asChild>
            <Link to="/account/collection">
              <ArrowLeft aria-hidden /> Collection
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6">
        {id ? (
          <>
            <ImportPreview key={id} id={id} first={first?.id === id ? first : undefined} />
            <div>
              <Button variant="ghost" onClick={() => setParams({})}>
                Import another file
              </Button>
            </div>
          </>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Choose a file</CardTitle>
            </CardHeader>
            <CardContent>
              <ImportUploadForm
                onPreview={(preview) => {
                  setFirst(preview);
                  setParams({ id: preview.id });
                }}
              />
            </CardContent>
          </Card>
        )}
      </div>
    </PageContainer>
  );
}
