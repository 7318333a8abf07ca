import { Bell } from 'lucide-react';
import { SimplePage } from '../../../components/ui/simple-page';

export function NotificationsPage() {
  return (
    <SimplePage
      title="Notifications"
      description="Updates on your IDs, funds and requests."
      icon={Bell}
      panelTitle="You are all caught up"
    >
      When our desk approves an ID, handles a request or changes your balance, you will find it here
      and hear a bell.
    </SimplePage>
  );
}
