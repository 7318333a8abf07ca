import { ROUTES, type ItemUser } from '@iddesk/contract';
import { Link } from 'react-router';

/** The customer an item belongs to: name (linking to the user) and email. */
export function ItemUserCell({ user, link = false }: { user: ItemUser; link?: boolean }) {
  return (
    <div className="min-w-0">
      {link ? (
        <Link
          to={ROUTES.adminUser(user.id)}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {user.name}
        </Link>
      ) : (
        <p className="font-semibold text-slate-900">{user.name}</p>
      )}
      <p className="truncate text-sm text-slate-600">{user.email}</p>
    </div>
  );
}
