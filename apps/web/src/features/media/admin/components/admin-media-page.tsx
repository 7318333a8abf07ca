import { Images } from 'lucide-react';
import { Card } from '../../../../components/ui/card';
import { ListEmpty, ListError, ListLoading } from '../../../../components/ui/list-states';
import { PageHeading } from '../../../../components/ui/page-heading';
import { useMedia } from '../../api/get-media';
import { AddMediaForm } from './add-media-form';
import { AdminMediaItem } from './admin-media-item';

/** The gallery's admin: add an image or a video link, change titles and order, delete. */
export function AdminMediaPage() {
  const query = useMedia();
  return (
    <>
      <PageHeading
        title="Media"
        description="The public gallery at /media. Images open in a lightbox; videos play on the page."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <AddMediaForm />
        <section aria-labelledby="media-items-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="media-items-title" className="text-lg font-semibold text-white">
            In the gallery{query.data ? ` (${query.data.length})` : ''}
          </h2>
          {query.isError && !query.data ? (
            <Card>
              <ListError
                message={query.error.message}
                onRetry={() => void query.refetch()}
                retrying={query.isFetching}
              />
            </Card>
          ) : !query.data ? (
            <ListLoading label="Loading the gallery" rows={3} />
          ) : query.data.length === 0 ? (
            <Card>
              <ListEmpty icon={Images} title="The gallery is empty">
                Add an image or a video link and it appears on the Media page.
              </ListEmpty>
            </Card>
          ) : (
            <ul className="flex min-w-0 flex-col gap-3">
              {query.data.map((item) => (
                <AdminMediaItem key={item.id} item={item} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
