import { ROUTES } from '@iddesk/contract';
import { MessageSquareText } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { SimplePage } from '../../../components/ui/simple-page';

export function AddReviewPage() {
  return (
    <SimplePage
      title="Write a review"
      description="Tell other members how the desk worked for you."
      icon={MessageSquareText}
      panelTitle="Your rating and a few words"
      actions={
        <ButtonLink to={ROUTES.reviews} variant="secondary">
          Read reviews
        </ButtonLink>
      }
    >
      Give one to five stars and describe what went well or what we could do better.
    </SimplePage>
  );
}
