import { isAdmin } from '@impact/domain';
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session-store';

function Loading() {
  return (
    <Center mih="50vh">
      <Loader aria-label="…" />
    </Center>
  );
}

/** Authenticated routes: anonymous visitors go home (SPEC 6). */
export function RequireAuth() {
  const session = useSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'anonymous') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** /admin: non-admins are redirected to / (SPEC 2). The server refuses them anyway (403). */
export function RequireAdmin() {
  const session = useSession();
  if (session.status === 'loading') return <Loading />;
  if (session.status !== 'authenticated' || !isAdmin(session.user.roles)) return <Navigate to="/" replace />;
  return <Outlet />;
}
