/**
 * A row's actions: the first two as link buttons, the rest folded into 更多 (a small menu of the same
 * buttons, so a 删除 keeps its confirmation), which keeps the fixed action column narrow enough not to
 * cover the row's own columns. On a phone every action of a card is in its one 操作 menu (CardActions),
 * so the title is read first and no button is pressed by mistake while scrolling.
 */
import { Children, createContext, isValidElement, useContext, useState, type MouseEvent, type ReactNode } from 'react';
import { Button, Popover, Space } from 'antd';
import { DownOutlined, MoreOutlined } from '@ant-design/icons';

/** Inside a card's 操作 menu: a row's actions are listed there as they are, not folded again. */
const InCardMenu = createContext(false);

/**
 * A menu of actions that closes once one is chosen, so it does not stay open behind the drawer or
 * dialog the action opens; it stays while the chosen action asks for confirmation (a 删除's popconfirm).
 */
function useActionMenu() {
  const [open, setOpen] = useState(false);
  const chosen = (e: MouseEvent) => {
    if (!(e.target as HTMLElement).closest('button, a')) return;
    setTimeout(() => {
      if (!document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)')) setOpen(false);
    }, 0);
  };
  return { open, onOpenChange: setOpen, chosen };
}

/** A phone card's actions: one 操作 button opening them, so a card reads title first and nothing is pressed by mistake. */
export function CardActions({ children, label }: { children: ReactNode; label: string }) {
  const { open, onOpenChange, chosen } = useActionMenu();
  return (
    <div className="rt-card-menu">
      <Popover
        trigger="click"
        placement="bottomLeft"
        open={open}
        onOpenChange={onOpenChange}
        content={
          <InCardMenu.Provider value={true}>
            <div className="list-actions-menu" onClick={chosen}>
              {children}
            </div>
          </InCardMenu.Provider>
        }
      >
        <Button size="small" aria-label={label ? `操作 ${label}` : '操作'} aria-haspopup="menu">
          操作 <DownOutlined />
        </Button>
      </Popover>
    </div>
  );
}

export function RowActions({ children, label, inline = 2 }: { children: ReactNode; label?: string; inline?: number }) {
  const inMenu = useContext(InCardMenu);
  const { open, onOpenChange, chosen } = useActionMenu();
  const items = Children.toArray(children).filter(isValidElement);
  const menu = (shown: ReactNode[]) => (
    <Space direction="vertical" size={4} className="list-actions-menu">
      {shown}
    </Space>
  );
  if (inMenu) return menu(items);
  const folded = <div onClick={chosen}>{menu(items.slice(inline))}</div>;
  const fold = items.length > inline;
  const first = fold ? items.slice(0, inline) : items;
  return (
    <Space size={0} className="list-row-actions">
      {first}
      {fold ? (
        <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={onOpenChange} content={folded}>
          <Button type="link" size="small" aria-label={label ? `更多操作 ${label}` : '更多操作'} aria-haspopup="menu">
            更多 <MoreOutlined />
          </Button>
        </Popover>
      ) : null}
    </Space>
  );
}
