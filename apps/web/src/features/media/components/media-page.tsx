import { Images } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { useMedia } from '../api/get-media';
import { Lightbox } from './lightbox';
import { MediaTile } from './media-tile';
import { mediaText } from '../i18n';

function GalleryLoading() {
  const t = mediaText.useT();
  return (
    <div
      role="status"
      aria-label={t('page.loading')}
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
  const t = mediaText.useT();
  const query = useMedia();
  const [open, setOpen] = useState<number | null>(null);
  const items = query.data ?? [];
  const images = items.filter((item) => item.kind === 'image');

  return (
    <>
      <PageHeading title={t('page.title')} description={t('page.description')} />
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
          <ListEmpty icon={Images} title={t('page.empty')}>
            {t('page.emptyHint')}
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
