import { Images } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { useMedia } from '../api/get-media';
import { Lightbox } from './lightbox';
import { MediaTile } from './media-tile';

function GalleryLoading() {
  return (
    <div
      role="status"
      aria-label="Loading the gallery"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {Array.from({ length: 3 }, (_, i) => (
        <div
          key={i}
          className="aspect-video animate-pulse rounded-2xl bg-slate-200/70"
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

export function MediaPage() {
  const query = useMedia();
  const [open, setOpen] = useState<number | null>(null);
  const items = query.data ?? [];
  const images = items.filter((item) => item.kind === 'image');

  return (
    <>
      <PageHeading title="Media" description="Photos and videos from the desk and our community." />
      {query.isError && !query.data ? (
        <Card>
          <ListError
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : !query.data ? (
        <GalleryLoading />
      ) : items.length === 0 ? (
        <Card>
          <ListEmpty icon={Images} title="Nothing here yet">
            Photos and videos shared by our team will appear here.
          </ListEmpty>
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <MediaTile item={item} onOpen={() => setOpen(images.indexOf(item))} />
            </li>
          ))}
        </ul>
      )}
      <Lightbox images={images} index={open} onIndexChange={setOpen} />
    </>
  );
}
