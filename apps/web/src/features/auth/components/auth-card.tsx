import { ROUTES, type AuthResult } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { mustEnrolSecondFactor } from '../api/login';

type AuthCardProps = {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
};

/** The white card that auth forms sit in, on the dark auth background. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="w-full max-w-md">
      <div className="rounded-3xl bg-white p-6 shadow-sheet sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1.5 text-slate-600">{description}</p>
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-slate-300">{footer}</div> : null}
    </div>
  );
}

/**
 * What login and register do with the token: start the session and go home, or, for staff,
 * to the admin area's dashboard (issue 17 item 4). `message` is the sign-in's success toast,
 * said once the person is where they are going: a staff member who must enrol a second factor
 * first is sent to do that without it (issue 56: the enrolment page says what to do, and
 * nothing sits over its code field).
 */
export function useSignIn() {
  const navigate = useNavigate();
  return async (data: AuthResult, message?: string | null) => {
    session.start(data.api_token, data.type === 'admin');
    // A staff account that must enrol a second factor goes to do that first.
    if (data.type === 'admin' && (await mustEnrolSecondFactor())) {
      await navigate(ROUTES.secondFactor, { replace: true });
      return;
    }
    await navigate(data.type === 'admin' ? ROUTES.adminDashboard : ROUTES.home, { replace: true });
    if (message) toast.success(message);
  };
}
