import { ROUTES } from '@iddesk/contract';
import { FilePlus2 } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { SimplePage } from '../../../components/ui/simple-page';

export function CreateIdPage() {
  const { id } = useParams();
  return (
    <SimplePage
      title="Request an ID"
      description={`Request form for catalogue item #${id ?? ''}.`}
      icon={FilePlus2}
      panelTitle="Choose a username and an amount"
      actions={
        <ButtonLink to={ROUTES.createIdList} variant="secondary">
          Back to catalogue
        </ButtonLink>
      }
    >
      Pay from your wallet, or upload a payment proof with its reference. The request stays pending
      until our desk approves it.
    </SimplePage>
  );
}
