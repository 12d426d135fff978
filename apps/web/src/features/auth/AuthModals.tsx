/**
 * The auth modals, loaded the first time one of them is asked for (forms, tabs and upload stay out
 * of the first page's bundle) and kept mounted afterwards so they can animate closed.
 */
import { Suspense, useEffect, useState } from 'react';
import { lazyAntd } from '../../app/lazyAntd.tsx';
import { useAuthUi } from './authUi.ts';

const LoginModal = lazyAntd<object>(() => import('./LoginModal.tsx').then((m) => ({ default: m.LoginModal })));
const ChangePasswordModal = lazyAntd<object>(() => import('./ChangePasswordModal.tsx').then((m) => ({ default: m.ChangePasswordModal })));
const NoPermissionModal = lazyAntd<object>(() => import('./NoPermissionModal.tsx').then((m) => ({ default: m.NoPermissionModal })));

/** True from the first time `open` is true. */
function useOnceOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return opened || open;
}

export function AuthModals() {
  const ui = useAuthUi();
  const login = useOnceOpened(ui.login);
  const changePassword = useOnceOpened(ui.changePassword);
  const noPermission = useOnceOpened(ui.noPermission);
  return (
    <Suspense fallback={null}>
      {login ? <LoginModal /> : null}
      {changePassword ? <ChangePasswordModal /> : null}
      {noPermission ? <NoPermissionModal /> : null}
    </Suspense>
  );
}
