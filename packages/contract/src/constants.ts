/** Business constants and limits of SPEC.md section 9, by name. */
export const SESSION_EXPIRES_SECONDS = 604800;
export const SMS_RESEND_SECONDS = 120;
export const WECHAT_POLL_INTERVAL_MS = 3000;
export const LOGIN_MESSAGE_MS = 3000;
export const PHONE_LENGTH = 11;
export const PASSWORD_MAX_LENGTH = 25;
export const CAPTCHA_MAX_LENGTH = 6;
export const SMS_CODE_MAX_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const CITY_PLATFORM_COUNT = 10;
export const SIDE_PANEL_OFFSET_PX = 181;
export const TOAST_DURATION_MS = 4500;
export const TOAST_GAP_PX = 16;
export const TOAST_OFFSET_PX = 180;
export const LOADING_FADE_MS = 400;
export const STORAGE_KEY = 'featurewebstorage';
/** SPEC.md section 9: "Request timeout: none". */
export const REQUEST_TIMEOUT_MS = 0;
export const TOAST_TITLE = '系统提示';

/** QUALITY.md: security limits the server enforces. */
export const CAPTCHA_TTL_SECONDS = 300;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_CHECKS = 5;
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 900;
export const LOGIN_LOCK_SECONDS = 900;
export const MAX_PAGE_SIZE = 100;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Not from SPEC.md: the document event the web app fires once it has taken over a page rendered on
 * the server, the page's own content included (app/RouteView.tsx); the server's boot script
 * (bootScript.ts) then presses again a button pressed before that.
 */
export const HYDRATED_EVENT = 'portal-hydrated';

/**
 * The display settings (关怀版 and the accessibility toolbar): kept in this browser under this
 * key, apart from featurewebstorage (a logout clears that, not the device's way of showing pages), and on
 * the account (person.getDisplaySettings). The page marks the root with them before its first paint.
 */
export const DISPLAY_SETTINGS_KEY = 'displaySettings';
/** The toolbar's page zoom: 100 % to 200 % in these steps. */
export const ZOOM_STEPS = [1, 1.25, 1.5, 1.75, 2] as const;
export const CONTRASTS = ['none', 'blackOnYellow', 'yellowOnBlack'] as const;
export const READING_GUIDES = ['none', 'line', 'cross'] as const;
