/**
 * The failure box in the widget host's one file (the build puts this in place of failure-box.ts):
 * the loader's own, handed to the element's code with the host's root (vite.config.ts), so the file
 * carries it once.
 */
declare const __FAILURE_BOX__: (hostRoot: string) => Node[];
export const failureBox = __FAILURE_BOX__;
