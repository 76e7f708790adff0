/**
 * How the tests and the bench start Chromium and Firefox: one place for their binaries, flags and
 * preferences. (WebKit is started by webdriver.ts.)
 */
import type { LaunchOptions } from 'playwright';
import { fileURLToPath } from 'node:url';

/** The visitor's system colour scheme, as each engine is told it. */
export type ColorScheme = 'light' | 'dark';

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Firefox ESR over WebDriver BiDi, behind the shim (firefox-esr.ts). It lacks BiDi's media
 * emulation, so the colour scheme is its preference (0 dark, 1 light).
 */
export const firefoxLaunchOptions = (colorScheme: ColorScheme = 'light'): LaunchOptions => ({
  channel: 'moz-firefox',
  executablePath: fileURLToPath(new URL('./firefox-esr.ts', import.meta.url)),
  firefoxUserPrefs: { 'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1 },
});
