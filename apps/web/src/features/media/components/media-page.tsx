import { Images } from 'lucide-react';
import { SimplePage } from '../../../components/ui/simple-page';

export function MediaPage() {
  return (
    <SimplePage
      title="Media"
      description="Photos and videos from the ID Desk community."
      icon={Images}
      panelTitle="Gallery"
    >
      Winners, payouts and guides, shared by our team. New posts appear at the top.
    </SimplePage>
  );
}
