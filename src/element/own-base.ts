/** The widget host's root, where this module was served from with its font, logo and API. */
export const ownBase = (): string => new URL(/* @vite-ignore */ './', import.meta.url).href;
