/**
 * The service's key formats: the prefix says what a key is and where it works. Widget keys are
 * publishable (a site's pages carry them); platform keys are secrets. The widget contract's
 * `WidgetKey` pattern and the widget's own check agree with these (a test holds them together).
 * No Node built-ins here: the widget host also runs in a page (MSW).
 */
import type { Environment } from '../../db/environments.js';

export const KEY_PREFIXES = {
  widgetSandbox: 'svce_test_',
  widgetLive: 'svce_live_',
  platformSandbox: 'svcp_test_',
  platformLive: 'svcp_live_',
} as const;

/** Which environment a prefix belongs to: `test` keys are the sandbox's, `live` keys live's. */
export type KeyEnvironment = Environment;

/** Each environment's prefixes, and the widget key of the other one with the words that send its holder to the right host. */
export const ENVIRONMENT_KEYS = {
  sandbox: {
    widget: KEY_PREFIXES.widgetSandbox,
    platform: KEY_PREFIXES.platformSandbox,
    foreignPlatformKey: {
      prefix: KEY_PREFIXES.platformLive,
      problem: 'live_key_in_sandbox',
      refusal:
        'This is a live key (svcp_live_…), and this is the sandbox: live keys work only against the live host, because sandbox and live are always isolated. Send it to the live base URL, or use a svcp_test_ key here.',
    },
    foreignWidgetKey: {
      prefix: KEY_PREFIXES.widgetLive,
      refusal:
        'This is a live widget key (svce_live_), and this is the sandbox widget host: live keys work only on the live widget host, because sandbox and live are always isolated. Load the widget from the live host (the live snippet in the API Console), or use a svce_test_ key with the sandbox.',
    },
  },
  live: {
    widget: KEY_PREFIXES.widgetLive,
    platform: KEY_PREFIXES.platformLive,
    foreignPlatformKey: {
      prefix: KEY_PREFIXES.platformSandbox,
      problem: 'sandbox_key_in_live',
      refusal:
        'This is a sandbox key (svcp_test_…), and this is the live host: sandbox keys work only against the sandbox, because sandbox and live are always isolated. Make a live key in the API Console (switched to live) or send this one to the sandbox base URL.',
    },
    foreignWidgetKey: {
      prefix: KEY_PREFIXES.widgetSandbox,
      refusal:
        'This is a sandbox widget key (svce_test_), and this is the live widget host: sandbox keys work only with the sandbox, because sandbox and live are always isolated. Make a live widget key in the API Console (switched to live) and paste it into the live snippet.',
    },
  },
} as const;

export const widgetKeyPrefix = (environment: KeyEnvironment) => ENVIRONMENT_KEYS[environment].widget;
export const platformKeyPrefix = (environment: KeyEnvironment) => ENVIRONMENT_KEYS[environment].platform;

/** A platform key of `environment` as a request presents it. */
export const platformKeyShape = (environment: KeyEnvironment) =>
  new RegExp(`^${platformKeyPrefix(environment)}[A-Za-z0-9_]{16,64}$`);

/** A sandbox platform key as a request presents it. */
export const SANDBOX_PLATFORM_KEY = platformKeyShape('sandbox');

/** Anything shaped like one of the service's keys or tokens (widget, platform, OAuth), anywhere in a text. */
const KEY_SHAPED = /\b(?:svc[ep]_(?:test|live)|mcp(?:at|rt|ac))_[A-Za-z0-9_-]{6,}/g;

/** The text with every key-shaped string replaced, for answers and logs that quote what a caller sent. */
export const redactKeys = (text: string) => text.replace(KEY_SHAPED, '[a key, not repeated]');
