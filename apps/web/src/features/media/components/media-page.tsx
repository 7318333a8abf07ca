import { Images } from 'lucide-react';
import { useState } from 'react';
import { GridLoading, ListEmpty, QueryStates } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { useMedia } from '../api/get-media';
import { Lightbox } from './lightbox';
import { MediaTile } from './media-tile';
import { mediaText } from '../i18n';

export function MediaPage() {
  const t = mediaText.useT();
  const query = useMedia();
  const [open, setOpen] = useState<number | null>(null);
  const items = query.data ?? [];
  const images = items.filter((item) => item.kind === 'image');

  return (
    <>
      <PageHeading title={t('page.title')} description={t('page.description')} />
      <QueryStates
        query={query}
        loading={<GridLoading label={t('page.loading')} count={3} tile="aspect-video" />}
        card
        isEmpty={(all) => all.length === 0}
        empty={
          <ListEmpty icon={Images} title={t('page.empty')}>
            {t('page.emptyHint')}
          </ListEmpty>
        }
      >
        {(all) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {all.map((item) => (
              <li key={item.id}>
                <MediaTile item={item} onOpen={() => setOpen(images.indexOf(item))} />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <Lightbox images={images} index={open} onIndexChange={setOpen} />
    </>
  );
}
