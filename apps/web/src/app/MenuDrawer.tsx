/** The phone menu drawer (loaded when first opened). */
import { Drawer } from 'antd';
import type { ReactNode } from 'react';

export default function MenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer open={open} onClose={onClose} placement="right" size={290} title="菜单" destroyOnHidden className="header-drawer">
      {children}
    </Drawer>
  );
}
