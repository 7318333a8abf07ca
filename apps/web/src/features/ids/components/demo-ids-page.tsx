import { FlaskConical } from 'lucide-react';
import { SimplePage } from '../../../components/ui/simple-page';

export function DemoIdsPage() {
  return (
    <SimplePage
      title="Demo IDs"
      description="Try a service before you request your own ID."
      icon={FlaskConical}
      panelTitle="Shared demo logins"
    >
      Each service in the catalogue can offer a demo login. Signed-in members see the demo
      credentials here.
    </SimplePage>
  );
}
