import { Marquee } from '../../../components/ui/marquee';
import { isMarqueeVisible } from '../marquee';
import { useMarque } from '../api/get-marque';

/** The top-block announcement, shown only when its text is long enough (docs/product.md#shell-and-navigation). */
export function MarqueeBanner() {
  const { data } = useMarque();
  if (!data || !isMarqueeVisible(data.text)) return null;
  return <Marquee text={data.text.trim()} />;
}
