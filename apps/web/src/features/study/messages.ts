/** What the study page tells the learner when counting stops (shared with the browser tests). */
export const INACTIVE_TEXT = '您已在其他页面或设备上学习，本页面不再计时';
