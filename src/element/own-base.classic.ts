/**
 * The widget host's root, in the widget host's one file (the build puts this in place of
 * own-base.ts): the loader reads it from its script's address while it first runs, the only moment
 * `document.currentScript` names it, and hands it to the element's code (vite.config.ts).
 */
declare const __HOST_ROOT__: string;
export const ownBase = (): string => __HOST_ROOT__;
