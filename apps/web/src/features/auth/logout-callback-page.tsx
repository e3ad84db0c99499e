import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { endSessionLocally } from '../../lib/session';

/** SPEC 2 "/logout-callback": the provider has signed the user out; clear and go home. */
export function LogoutCallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    endSessionLocally();
    navigate('/', { replace: true });
  }, [navigate]);
  return null;
}
