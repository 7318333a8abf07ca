import { ROUTES } from '@iddesk/contract';
import { Star } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { SimplePage } from '../../../components/ui/simple-page';

export function ReviewsPage() {
  return (
    <SimplePage
      title="Reviews"
      description="What our members say about ID Desk."
      icon={Star}
      panelTitle="Share your experience"
      actions={<ButtonLink to={ROUTES.addReview}>Write a review</ButtonLink>}
    >
      Reviews are written by members after using the desk. Rate us from one to five stars and tell
      others how it went.
    </SimplePage>
  );
}
