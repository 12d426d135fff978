/**
 * antd's provider (zh_CN locale and the college theme). It lives in its own chunk: the first screen
 * of /index, /course and the public pages is drawn without antd, and every part that uses antd
 * (pages, modals, the drawer, the side panel's popover, the toast) is loaded through lazyAntd,
 * which wraps it in this scope. ADR 0008. One theme: antd's own colours that follow its blue
 * (primary, link, info and "processing") are all the college red, and the static methods
 * (Modal.confirm) that render outside every provider get this one too; look.e2e.ts checks that no
 * page shows antd's blue.
 */
import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { BRAND } from '../lib/theme.ts';

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    colorLink: BRAND,
    // antd's info colour is its primary blue, seeded apart from colorPrimary: an info alert or result,
    // a "processing" tag (已报名, 已学 n%) and the toast's info icon stay blue unless it is the red too.
    colorInfo: BRAND,
    // antd's tint of that red is a dusky rose; an info box and a "processing" tag take the site's own
    // pale tints of it (the side menu's chosen item), with the red's words at 6.6:1.
    colorInfoBg: '#fbeaea',
    colorInfoBorder: '#f3d6d6',
    // antd's error red (#ff4d4f, 3.3:1 on white) writes danger buttons' words too faintly for WCAG AA: 5.6:1.
    colorError: '#cf1322',
    // Statistic titles and input counters are written in the description grey (0.45 black, 3.4:1): 7:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // antd draws a bar in colorInfo (blue) and a finished one in colorSuccess (green); the site's
    // own bars (course cards, rankings) are red at every value, so these are too.
    Progress: { defaultColor: BRAND, colorSuccess: BRAND },
    // A status tag writes its word in the status colour on that colour's palest tint; antd's
    // defaults there (the green 3.4:1) fall short of WCAG AA's 4.5:1. One step darker on the same
    // tint: 5.2:1 to 6.9:1 (the red of "processing" is 5.5:1 as it is).
    Tag: { colorSuccess: '#237804', colorWarning: '#ad4e00', colorError: '#a8071a' },
    // The label grey (colorTextTertiary, 3.4:1 on white) is too faint for AA; the secondary text grey is 7:1.
    Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' },
  },
};

export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

// Modal.confirm (交卷, 删除) renders in a root of its own, outside every provider: without this it
// drew its OK button in antd's default blue. Every part that can call it was loaded with this module.
ConfigProvider.config({ holderRender: (children) => <AntdScope>{children}</AntdScope> });
