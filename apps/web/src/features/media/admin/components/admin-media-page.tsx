import { Images } from 'lucide-react';
import { ListEmpty, QueryStates } from '../../../../components/ui/list-states';
import { PageHeading } from '../../../../components/ui/page-heading';
import { useMedia } from '../../api/get-media';
import { AddMediaForm } from './add-media-form';
import { AdminMediaItem } from './admin-media-item';
import { common } from '../../../../lib/i18n-common';
import { contentStaff } from '../../../staff';

/** The gallery's admin: add an image or a video link, change titles and order, delete. */
export function AdminMediaPage() {
  const t = contentStaff.useT();
  const titles = common.useT();
  const query = useMedia();
  return (
    <>
      <PageHeading title={titles('titles.admin.media')} description={t('media.description')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <AddMediaForm />
        <section aria-labelledby="media-items-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="media-items-title" className="text-lg font-semibold text-white">
            {query.data
              ? t('media.inGalleryCount', { count: query.data.length })
              : t('media.inGallery')}
          </h2>
          <QueryStates
            query={query}
            loadingLabel={t('media.loading')}
            rows={3}
            card
            isEmpty={(items) => items.length === 0}
            empty={
              <ListEmpty icon={Images} title={t('media.empty')}>
                {t('media.emptyHint')}
              </ListEmpty>
            }
          >
            {(items) => (
              <ul className="flex min-w-0 flex-col gap-3">
                {items.map((item) => (
                  <AdminMediaItem key={item.id} item={item} />
                ))}
              </ul>
            )}
          </QueryStates>
        </section>
      </div>
    </>
  );
}
