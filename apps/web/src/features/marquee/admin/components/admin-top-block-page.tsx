import { type Marque, MarqueBodySchema, MARQUEE_MAX_LENGTH } from '@iddesk/contract';
import { EyeOff } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { AppForm, SaveButtons } from '../../../../components/ui/app-form';
import { Card } from '../../../../components/ui/card';
import { QueryStates } from '../../../../components/ui/list-states';
import { Marquee } from '../../../../components/ui/marquee';
import { PageHeading } from '../../../../components/ui/page-heading';
import { TextArea } from '../../../../components/ui/text-area';
import { isMarqueeVisible } from '../../marquee';
import { useAppForm } from '../../../../lib/use-app-form';
import { useMarque } from '../../api/get-marque';
import { useSetMarque } from '../api/set-marque';
import { common } from '../../../../lib/i18n-common';
import { contentStaff } from '../../../staff';

function TopBlockForm({ current }: { current: Marque }) {
  const t = contentStaff.useT();
  const mutation = useSetMarque();
  const app = useAppForm({
    schema: MarqueBodySchema,
    defaultValues: { text: current.text },
    submit: (values) => mutation.mutateAsync(values),
    onSuccess: (data, _values, form) => form.reset(data),
  });
  const text = useWatch({ control: app.form.control, name: 'text' }) ?? '';
  const visible = isMarqueeVisible(text);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="preview-title">
        <h2
          id="preview-title"
          className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-300"
        >
          {t('topBlock.preview')}
        </h2>
        <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-white/10">
          {visible ? (
            <Marquee text={text.trim()} />
          ) : (
            <p className="flex items-center gap-2 px-4 py-3 text-sm text-slate-600">
              <EyeOff className="size-4" aria-hidden="true" />
              {t('topBlock.hidden')}
            </p>
          )}
          <p className="px-4 py-2 text-xs text-slate-600">{t('topBlock.where')}</p>
        </div>
      </section>
      <Card>
        <AppForm app={app} className="flex flex-col gap-5">
          <TextArea
            label={t('topBlock.text')}
            rows={3}
            placeholder={t('topBlock.placeholder')}
            hint={t('topBlock.hint', { count: text.trim().length, max: MARQUEE_MAX_LENGTH })}
            {...app.field('text')}
          />
          <SaveButtons
            label={t('topBlock.save')}
            discardLabel={t('form.discard')}
            loading={app.loading}
            className="flex flex-wrap gap-3"
          />
        </AppForm>
      </Card>
    </div>
  );
}

/** /admin/top_block: edit the scrolling announcement with a live preview (docs/product.md#staff-pages). */
export function AdminTopBlockPage() {
  const t = contentStaff.useT();
  const titles = common.useT();
  const query = useMarque();
  return (
    <>
      <PageHeading
        title={titles('titles.admin.topBlock')}
        description={t('topBlock.description')}
      />
      <QueryStates query={query} loadingLabel={t('topBlock.loading')} rows={2} card>
        {(current) => <TopBlockForm current={current} />}
      </QueryStates>
    </>
  );
}
