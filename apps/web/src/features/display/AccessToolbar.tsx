/**
 * The accessibility toolbar (无障碍工具条, issue 27), opened from the header: page zoom, high contrast,
 * an extra-large pointer, the reading guide, 指读 and 纯文本. Plain buttons (the frame loads no antd),
 * each a toggle with aria-pressed or a step with its effect announced in a live region; Escape or 关闭
 * closes it and gives the focus back to the button that opened it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ZOOM_STEPS } from '@portal/contract/base';
import type { DisplaySettings } from '@portal/contract';
import { display, useDisplay } from '../../lib/display.ts';
import { hasChineseVoice } from './speech.ts';

const CONTRAST_LABEL: Record<DisplaySettings['contrast'], string> = { none: '标准配色', blackOnYellow: '黄底黑字', yellowOnBlack: '黑底黄字' };
const GUIDE_LABEL: Record<DisplaySettings['guide'], string> = { none: '无辅助线', line: '阅读线', cross: '十字线' };
const percent = (zoom: number) => `${Math.round(zoom * 100)}%`;

function Toggle({ pressed, onPress, children }: { pressed: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <button type="button" className="a11y-button" aria-pressed={pressed} onClick={onPress}>
      {children}
    </button>
  );
}

export function AccessToolbar({ id, onClose }: { id: string; onClose: () => void }) {
  const s = useDisplay();
  const [said, setSaid] = useState('');
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    first.current?.focus();
  }, []);

  const change = (patch: Partial<DisplaySettings>, message: string) => {
    display.set(patch);
    setSaid(message);
  };
  const step = (by: number) => {
    const i = ZOOM_STEPS.indexOf(s.zoom as (typeof ZOOM_STEPS)[number]);
    const next = ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, Math.max(0, i + by))] ?? 1;
    // A phone zooms as far as a computer (display.css reflows the page down to 187 px at 375 px and 200 %).
    change({ zoom: next }, next === s.zoom ? `页面已是 ${percent(next)}` : `页面缩放 ${percent(next)}`);
  };
  const toggleReadAloud = async () => {
    if (s.readAloud) return change({ readAloud: false }, '指读已关闭');
    display.set({ readAloud: true });
    setSaid((await hasChineseVoice()) ? '指读已开启：指针停留或键盘聚焦处的文字将被朗读' : '指读已开启，但此浏览器没有中文语音，无法朗读中文；请在系统中安装中文语音');
  };

  return (
    <section
      id={id}
      className="a11y-toolbar"
      aria-label="无障碍工具条"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="a11y-toolbar-inner">
        <div className="a11y-group" role="group" aria-label={`页面缩放，当前 ${percent(s.zoom)}`}>
          <button ref={first} type="button" className="a11y-button" onClick={() => step(1)} disabled={s.zoom >= 2}>
            放大
          </button>
          <button type="button" className="a11y-button" onClick={() => step(-1)} disabled={s.zoom <= 1}>
            缩小
          </button>
          <button type="button" className="a11y-button" onClick={() => change({ zoom: 1 }, '页面缩放已重置为 100%')}>
            重置
          </button>
          <span className="a11y-value" aria-hidden="true">
            {percent(s.zoom)}
          </span>
        </div>
        <div className="a11y-group" role="group" aria-label="高对比度">
          {(['yellowOnBlack', 'blackOnYellow', 'none'] as const).map((c) => (
            <Toggle key={c} pressed={s.contrast === c} onPress={() => change({ contrast: c }, `已切换为${CONTRAST_LABEL[c]}`)}>
              {CONTRAST_LABEL[c]}
            </Toggle>
          ))}
        </div>
        <div className="a11y-group" role="group" aria-label="辅助">
          <Toggle pressed={s.bigCursor} onPress={() => change({ bigCursor: !s.bigCursor }, s.bigCursor ? '已恢复标准鼠标' : '已使用大鼠标')}>
            大鼠标
          </Toggle>
          {(['line', 'cross'] as const).map((g) => (
            <Toggle key={g} pressed={s.guide === g} onPress={() => change({ guide: s.guide === g ? 'none' : g }, s.guide === g ? `${GUIDE_LABEL[g]}已关闭` : `${GUIDE_LABEL[g]}已开启`)}>
              {GUIDE_LABEL[g]}
            </Toggle>
          ))}
          <Toggle pressed={s.readAloud} onPress={() => void toggleReadAloud()}>
            指读
          </Toggle>
          <Toggle pressed={s.plain} onPress={() => change({ plain: !s.plain }, s.plain ? '已恢复图文显示' : '已切换为纯文本')}>
            纯文本
          </Toggle>
        </div>
        <div className="a11y-group">
          <button
            type="button"
            className="a11y-button"
            onClick={() => {
              change({ zoom: 1, contrast: 'none', bigCursor: false, guide: 'none', readAloud: false, plain: false }, '已恢复标准显示');
            }}
          >
            全部重置
          </button>
          <button type="button" className="a11y-button" onClick={onClose}>
            关闭工具条
          </button>
        </div>
      </div>
      <p className="a11y-said" role="status" aria-live="polite">
        {said}
      </p>
    </section>
  );
}
