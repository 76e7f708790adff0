/**
 * The service's key formats: the prefix says what a key is and where it works. Widget keys are
 * publishable (a site's pages carry them); platform keys are secrets. The widget contract's
 * `WidgetKey` pattern and the widget's own check agree with these (a test holds them together).
 * No Node built-ins here: the widget host also runs in a page (MSW).
 */
export const KEY_PREFIXES = {
  widgetSandbox: 'svce_test_',
  widgetLive: 'svce_live_',
  platformSandbox: 'svcp_test_',
  platformLive: 'svcp_live_',
} as const;

/** Which environment a prefix belongs to: `test` keys are the sandbox's, `live` keys live's. */
export type KeyEnvironment = 'sandbox' | 'live';

export const widgetKeyPrefix = (environment: KeyEnvironment) =>
  environment === 'live' ? KEY_PREFIXES.widgetLive : KEY_PREFIXES.widgetSandbox;
export const platformKeyPrefix = (environment: KeyEnvironment) =>
  environment === 'live' ? KEY_PREFIXES.platformLive : KEY_PREFIXES.platformSandbox;

/** A platform key of `environment` as a request presents it. */
export const platformKeyShape = (environment: KeyEnvironment) =>
  new RegExp(`^${platformKeyPrefix(environment)}[A-Za-z0-9_]{16,64}$`);

/** A sandbox platform key as a request presents it. */
export const SANDBOX_PLATFORM_KEY = platformKeyShape('sandbox');

/** Anything shaped like one of the service's keys or tokens (widget, platform, OAuth), anywhere in a text. */
const KEY_SHAPED = /\b(?:svc[ep]_(?:test|live)|mcp(?:at|rt|ac))_[A-Za-z0-9_-]{6,}/g;

/** The text with every key-shaped string replaced, for answers and logs that quote what a caller sent. */
export const redactKeys = (text: string) => text.replace(KEY_SHAPED, '[a key, not repeated]');
