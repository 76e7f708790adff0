/**
 * The element's whole bundle as one function, which defines <service-valuation> when called with
 * the widget host's root and the loader's failure box (vite.config.ts).
 */
declare module 'virtual:element-code' {
  const runElementCode: (hostRoot: string, failureBox: (hostRoot: string) => Node[]) => void;
  export default runElementCode;
}
