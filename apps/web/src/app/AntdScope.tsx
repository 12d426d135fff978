/**
 * antd's provider (zh_CN locale and the college theme). It lives in its own chunk: the first screen
 * of /index, /course and the public pages is drawn without antd, and every part that uses antd
 * (pages, modals, the drawer, the side panel's popover, the toast) is loaded through lazyAntd,
 * which wraps it in this scope. ADR 0008. One theme: antd's own colours that follow its blue
 * (primary, link, info and "processing") are all the college red, and the static methods
 * (Modal.confirm) that render outside every provider get this one too; look.e2e.ts checks that no
 * page shows antd's blue.
 */
import { useMemo, type ReactNode } from 'react';
import type { DisplaySettings } from '@portal/contract';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { BRAND } from '../lib/theme.ts';
import { useDisplay } from '../lib/display.ts';

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

/**
 * 关怀版 (issue 27): antd's sizes from the same settings as the frame's styles (display.css): text 18 px,
 * controls 44 px high (the large ones, antd's primary actions, 60 px), the faint greys dark enough for 7:1.
 */
const CARE_TOKENS: ThemeConfig['token'] = {
  fontSize: 18,
  fontSizeSM: 18,
  fontSizeLG: 20,
  lineHeight: 1.6,
  controlHeight: 44,
  controlHeightSM: 44,
  controlHeightLG: 60,
  colorTextSecondary: 'rgba(0, 0, 0, 0.75)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.7)',
  colorTextDescription: 'rgba(0, 0, 0, 0.75)',
};

/** High contrast: antd's own colours as the toolbar's two pairs (display.css overrides what is left). */
const contrastTokens = (fg: string, bg: string): ThemeConfig['token'] => ({
  colorPrimary: fg,
  colorLink: fg,
  colorInfo: fg,
  colorText: fg,
  colorTextBase: fg,
  colorBgBase: bg,
  colorBgContainer: bg,
  colorBgElevated: bg,
  colorBorder: fg,
  colorTextLightSolid: bg,
  // The mark in a chosen checkbox or radio, a switch's handle: drawn on the text's colour (display.css).
  colorWhite: bg,
});

export function themeFor(settings: Pick<DisplaySettings, 'care' | 'contrast'>): ThemeConfig {
  if (!settings.care && settings.contrast === 'none') return THEME;
  const contrast = settings.contrast === 'yellowOnBlack' ? contrastTokens('#ffff00', '#000000') : settings.contrast === 'blackOnYellow' ? contrastTokens('#000000', '#ffff00') : {};
  return { ...THEME, token: { ...THEME.token, ...(settings.care ? CARE_TOKENS : {}), ...contrast } };
}

export function AntdScope({ children }: { children: ReactNode }) {
  const { care, contrast } = useDisplay();
  const theme = useMemo(() => themeFor({ care, contrast }), [care, contrast]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

// Modal.confirm (交卷, 删除) renders in a root of its own, outside every provider: without this it
// drew its OK button in antd's default blue. Every part that can call it was loaded with this module.
ConfigProvider.config({ holderRender: (children) => <AntdScope>{children}</AntdScope> });
