/** SPEC.md §9: business constants and limits, named once for browser and server. */
export const MOBILE_MAX_WIDTH_PX = 1280;
export const DESKTOP_MODAL_ICON_MIN_WIDTH_PX = 1080;

export const LIST_PAGE = 1;
export const LIST_LIMIT = 100;
export const MARKETING_LIST_LIMIT = 10;

export const SESSION_WARNING_MS = 5_400_000;
export const SESSION_LOGOUT_MS = 7_200_000;
export const IDLE_WARNING_MS = 3_570_000;
export const IDLE_LOGOUT_MS = 3_600_000;
export const PERSIST_TIMEOUT_MS = 5000;

/**
 * A package chosen while signed out waits this long for sign-in (sign-up and the e-mailed link
 * included, which lives as long), then the next sign-in goes where it would have gone anyway.
 */
export const PENDING_PACKAGE_CHOICE_MS = 24 * 60 * 60 * 1000;

export const TOAST_DEFAULT_MS = 6000;
export const TOAST_SIGNUP_SUCCESS_MS = 10_000;

export const HOME_POPUP_OPEN_DELAY_MS = 2000;
export const HOME_POPUP_AUTO_CLOSE_MS = 20_000;
export const COPY_NOTICE_MS = 1000;
export const BOTTOM_SHEET_BACKDROP_DELAY_MS = 500;

export const MOBILE_SERVICES_LIST_MAX_HEIGHT_PX = 320;
export const DROPDOWN_MAX_HEIGHT_PX = 300;

export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 200;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 12;
/**
 * What a phone input takes as typed, before its formatting is dropped: room for "+1 (416) 967-1111"
 * pasted whole. A cap of PHONE_MAX_DIGITS characters cut such a number short, silently.
 */
export const PHONE_TYPED_MAX_LENGTH = 24;
export const PIN_CODE_DIGITS = 5;
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases welcome (NIST 800-63B asks for at least 64); far longer is only a hashing load. */
export const PASSWORD_MAX_LENGTH = 128;
export const COUNTRY_CODE_MAX_LENGTH = 7;
export const FILE_NAME_MAX_LENGTH = 500;

export const SUCCESS_CODE = 200;

export const DATE_LOWER_BOUND = '2000-01-01';

/** Today's date as ISO date only (SPEC.md §5 date upper bound). */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
