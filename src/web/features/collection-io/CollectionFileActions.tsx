import { Download, FileUp } from 'lucide-react';
import { Link } from 'react-router';
import { apiUrl } from '@contract/api-routes';
import { Button } from '@web/components/ui/button';

/**
 * Export and Import on the collection page. The export is a plain download link (the browser saves
 * the attachment with the session cookie; a GET needs no CSRF header), so nothing is fetched into memory.
 */
export function CollectionFileActions() {
  return (
    <>
      <Button variant="outline" asChild>
        <a href={apiUrl('GET /api/user-cards/export.csv')} download>
          <Download aria-hidden /> Export CSV
        </a>
      </Button>
      <Button variant="outline" asChild>
        <Link to="/account/collection/import">
          <FileUp aria-hidden /> Import CSV
        </Link>
      </Button>
    </>
  );
}
