/** Marks CSS for editors and for the build's minifier; backslashes stay as written. */
export const css = String.raw;
